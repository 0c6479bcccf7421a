/// A hand-held scenario where a capture run or rephoto study was asked for: it has no camera
/// work to measure, only fusion accuracy.
public struct HandheldScenarioError: Error, CustomStringConvertible {
    public var scenario: String

    public init(scenario: String) {
        self.scenario = scenario
    }

    public var description: String {
        "\(scenario) is a handheld scenario (an IMU moved by hand, like a BROAD trial): it measures fusion only; try: orbitbench fusion \(scenario)"
    }
}
