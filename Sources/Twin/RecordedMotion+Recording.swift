import OrbitMath
import Recordings
import Simulation

extension RecordedMotion {
    /// The reference motion of `recording`: its reference attitudes and positions fitted, with
    /// standard gravity. `purpose` ends the error for a recording without a reference ("a twin
    /// follows the reference trajectory").
    ///
    /// - Throws: `RecordingError` when the recording has no reference attitude or it is too
    ///   sparse to fit.
    public init(reference recording: SensorRecording, settings: Settings = Settings(), purpose: String) throws(RecordingError) {
        guard let truth = recording.truth, truth.contains(where: { $0 != nil }) else {
            throw RecordingError(file: recording.file, message: "has no reference attitude; \(purpose)")
        }
        do {
            try self.init(
                times: recording.times, attitudes: truth, positions: recording.positions, gravity: Units.standardGravity, settings: settings)
        } catch {
            throw RecordingError(file: recording.file, column: "reference", message: "cannot fit the reference trajectory: \(error)")
        }
    }
}
