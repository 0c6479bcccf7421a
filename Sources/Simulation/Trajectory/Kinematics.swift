/// A scalar and its first three time derivatives.
public struct Kinematics1D: Sendable, Equatable {
    public var value: Double
    public var rate: Double
    public var acceleration: Double
    public var jerk: Double

    @inlinable
    public init(value: Double, rate: Double, acceleration: Double, jerk: Double) {
        self.value = value
        self.rate = rate
        self.acceleration = acceleration
        self.jerk = jerk
    }

    public static let zero = Kinematics1D(value: 0, rate: 0, acceleration: 0, jerk: 0)
}
