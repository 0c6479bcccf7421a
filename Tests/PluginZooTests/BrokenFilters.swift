import Foundation
import OrbitBench

/// A Madgwick filter that starts to misbehave `after` seconds into the recording: the filters
/// a team might plug in by mistake, built on the public API only.
struct BrokenFilter: AttitudeFilter {
    enum Breakage: Sendable, Equatable {
        /// The attitude becomes NaN.
        case nanAttitude
        /// The attitude is returned at norm 2 (forgot to normalise).
        case normTwo
        /// The bias becomes NaN.
        case nanBias
        /// The filter gives up (what used to be a `fatalError`).
        case throwsError
    }

    struct Settings: Sendable, Equatable {
        var breakage = Breakage.nanAttitude
        /// s after the first sample.
        var after = 1.0
    }

    struct GaveUp: Error, CustomStringConvertible {
        var description: String { "lost track of gravity" }
    }

    var settings: Settings
    private var inner = MadgwickFilter()
    private var start: Double?
    private var broken = false

    init(settings: Settings) { self.settings = settings }

    var attitude: Quaternion {
        guard broken else { return inner.attitude }
        switch settings.breakage {
        case .nanAttitude: return Quaternion(w: .nan, x: .nan, y: .nan, z: .nan)
        case .normTwo: return 2 * inner.attitude
        case .nanBias, .throwsError: return inner.attitude
        }
    }
    var gyroscopeBias: Vector3 { broken && settings.breakage == .nanBias ? Vector3(.nan, 0, 0) : .zero }
    var diagnostics: FilterDiagnostics { inner.diagnostics }
    var isInitialized: Bool { inner.isInitialized }

    mutating func update(_ reading: ImuReading) throws {
        inner.update(reading)
        let first = start ?? reading.time
        start = first
        broken = reading.time - first >= settings.after
        if broken && settings.breakage == .throwsError { throw GaveUp() }
    }

    mutating func reset() { self = BrokenFilter(settings: settings) }
}
