import OrbitMath

/// A filter that is one correction step over a `SingleStageState` (Madgwick, Mahony,
/// complementary): the shared checks of every update (skipped readings, initialisation from
/// the first valid one, dt from the timestamps, the usable field) live once, in `update`, and
/// the filter supplies only `integrate`.
///
/// Its `State` is `SingleStageState`. Its settings enter each step as they are (a gain per
/// step follows from the sample's dt), so it has no `Coefficients`; a filter that derives
/// numbers from its settings keeps them in a `Coefficients` value rebuilt when the settings
/// change, as `BiasEstimatingFilter` does. A filter that estimates the gyroscope bias keeps it in
/// `state.gyroscopeBias` and returns it from `gyroscopeBias` (Mahony).
public protocol SingleStageFilter: AttitudeFilter {
    /// Attitude, bias, diagnostics and step bookkeeping.
    var state: SingleStageState { get set }
    /// One step of the filter's own estimate after the shared checks: propagate
    /// `state.attitude` with the gyroscope (rad/s) over `dt` (s, > 0) and correct it with the
    /// accelerometer (m/s², any norm including 0) and, when usable, the field (µT).
    mutating func integrate(gyroscope: Vector3, accelerometer: Vector3, field: Vector3?, dt: Double)
}

extension SingleStageFilter {
    public var attitude: Quaternion { state.attitude }
    public var gyroscopeBias: Vector3 { .zero }
    public var diagnostics: FilterDiagnostics { state.diagnostics }
    public var isInitialized: Bool { state.isInitialized }

    public mutating func reset() { state.reset() }

    @inline(__always)
    public mutating func update(_ reading: ImuReading) {
        guard let (dt, field) = state.advance(reading) else { return }
        integrate(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer, field: field, dt: dt)
    }
}
