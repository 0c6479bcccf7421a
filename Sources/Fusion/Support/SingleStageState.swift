import OrbitMath

/// The state of a single-stage filter (Madgwick, Mahony, complementary): the attitude, the
/// gyroscope bias of a filter that estimates one, the diagnostics and the step bookkeeping,
/// with one entry point that does the shared part of every update. Readable and settable as a
/// whole, so a run can be saved and resumed.
public struct SingleStageState: Sendable, Equatable {
    /// Body → earth; identity before the first valid sample.
    public var attitude = Quaternion.identity
    /// b̂, rad/s; stays zero in a filter that does not estimate it.
    public var gyroscopeBias = Vector3.zero
    public var diagnostics = FilterDiagnostics()
    private var step = FilterStep()

    /// The state before any sample.
    public init() {}

    /// Whether a valid sample has started the attitude.
    public var isInitialized: Bool { step.lastTime != nil }

    public mutating func reset() { self = SingleStageState() }

    /// The shared part of an update: `nil` when the reading was skipped or started the
    /// attitude, else the step (s) and the usable field (µT) the filter integrates with.
    @inline(__always)
    mutating func advance(_ reading: ImuReading) -> (dt: Double, field: Vector3?)? {
        switch step.singleStage(reading, diagnostics: &diagnostics) {
        case .skip:
            return nil
        case .start(let initial):
            attitude = initial
            return nil
        case .advance(let dt, let field):
            return (dt, field)
        }
    }
}
