/// Settings for every built-in filter plus which filter to use: the fusion part of a scenario.
public struct FusionSettings: Sendable, Equatable {
    /// The filter that produces the DeviceMotion stream; default `bias-estimating`.
    public var filter = FilterName.biasEstimating
    public var referenceFrame = ReferenceFrame.xArbitraryCorrectedZVertical
    public var complementary = ComplementaryFilter.Settings.default
    public var mahony = MahonyFilter.Settings.default
    public var madgwick = MadgwickFilter.Settings.default
    public var biasEstimating = BiasEstimatingFilter.Settings.default
    /// Parameters of a registered filter by name (`fusion.parameters.<name>`), for its factory;
    /// the built-in filters have their own sections.
    public var parameters: [String: Double] = [:]

    public init() {}
}
