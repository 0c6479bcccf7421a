import OrbitMath

/// Any filter, with its outputs checked against the `AttitudeFilter` contract after every
/// update: what the harness measures is always a rotation, never a NaN or a scaled quaternion.
///
/// - `attitude` must be finite with |‖q‖ − 1| ≤ `normTolerance`; within the tolerance it is
///   renormalised, beyond it the update throws `FilterContractViolation`. An attitude with
///   |‖q‖² − 1| ≤ 1e-6 — what a filter that renormalises every step (one Newton step,
///   `Quaternion.renormalized`) leaves — passes through bit for bit.
/// - `gyroscopeBias` must be finite.
///
/// `FusionSettings.withFilter` hands every filter to its visitor wrapped in one, so built-in
/// and registered filters are measured alike.
public struct CheckedFilter<Wrapped: AttitudeFilter>: AttitudeFilter {
    public typealias Settings = Wrapped.Settings

    /// Largest accepted |‖attitude‖ − 1|: loose enough for a filter in single precision or
    /// one that normalises now and then, far below any quaternion that is not a rotation.
    @inlinable public static var normTolerance: Double { 1e-3 }

    @usableFromInline var wrapped: Wrapped
    @usableFromInline var checkedAttitude: Quaternion

    @inlinable
    public init(_ filter: Wrapped) {
        wrapped = filter
        checkedAttitude = filter.attitude
    }

    /// The filter inside, read in place (no copy of its state).
    @inlinable public var filter: Wrapped {
        _read { yield wrapped }
    }
    /// The wrapped filter's attitude after the last update, renormalised within the tolerance.
    @inlinable public var attitude: Quaternion { checkedAttitude }

    public init(settings: Settings) { self.init(Wrapped(settings: settings)) }

    public var settings: Settings {
        get { wrapped.settings }
        set { wrapped.settings = newValue }
    }
    @inlinable public var gyroscopeBias: Vector3 { wrapped.gyroscopeBias }
    @inlinable public var diagnostics: FilterDiagnostics { wrapped.diagnostics }
    @inlinable public var isInitialized: Bool { wrapped.isInitialized }

    /// Updates the wrapped filter, then checks what it left.
    ///
    /// - Throws: what the wrapped filter throws, or `FilterContractViolation` naming the
    ///   sample's time and the broken rule.
    @inlinable
    public mutating func update(_ reading: ImuReading) throws {
        try wrapped.update(reading)
        let estimate = wrapped.attitude
        let normSquared = estimate.normSquared
        // |n² − 1| ≈ 2·|n − 1| near 1; the comparison is false for NaN, which fails below.
        let deviation = abs(normSquared - 1)
        if deviation <= 1e-6 {
            checkedAttitude = estimate
        } else if deviation <= 2 * Self.normTolerance, estimate.isFinite {
            checkedAttitude = (1 / normSquared.squareRoot()) * estimate
        } else {
            throw FilterContractViolation(time: reading.time, rule: Self.attitudeProblem(estimate))
        }
        let bias = wrapped.gyroscopeBias
        guard bias.x.isFinite, bias.y.isFinite, bias.z.isFinite else {
            throw FilterContractViolation(time: reading.time, rule: "gyroscopeBias is not finite (\(bias.x), \(bias.y), \(bias.z))")
        }
    }

    public mutating func reset() {
        wrapped.reset()
        checkedAttitude = wrapped.attitude
    }

    @usableFromInline
    static func attitudeProblem(_ estimate: Quaternion) -> String {
        let parts = "(w \(estimate.w), x \(estimate.x), y \(estimate.y), z \(estimate.z))"
        guard estimate.isFinite else { return "attitude is not finite \(parts)" }
        return "attitude is not a unit quaternion: norm \(estimate.norm), allowed 1 ± \(normTolerance) \(parts)"
    }
}

/// A filter broke the `AttitudeFilter` contract: at which sample and how.
public struct FilterContractViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sample's time, s.
    public var time: Double
    public var rule: String

    public init(time: Double, rule: String) {
        self.time = time
        self.rule = rule
    }

    public var description: String { rule }
}
