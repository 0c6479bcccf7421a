import Foundation
import OrbitMath
import Recordings
import Simulation
import Testing
import Twin

/// `ReferenceSmoothing` on references made to measure (30 s at 200 Hz): what cross-validation
/// must choose follows from how the reference was made.
@Suite struct ReferenceSmoothingTests {
    /// A recording whose reference turns about z by `amplitude` rad at `frequency` Hz and moves
    /// along x by `amplitude` m at the same frequency, with white jitter of `attitudeJitter`
    /// rad per axis and `positionJitter` m per axis (the sensors read nothing: only the
    /// reference counts here).
    static func recording(frequency: Double, amplitude: Double, attitudeJitter: Double, positionJitter: Double) throws -> SensorRecording {
        let stream = try RandomStream(seed: 11, source: "test.reference_smoothing")
        func noise(_ sigma: Double) -> Vector3 {
            Vector3(stream.gaussian(sigma: sigma), stream.gaussian(sigma: sigma), stream.gaussian(sigma: sigma))
        }
        let times = (0..<6000).map { Double($0) / 200 }
        let phase = times.map { amplitude * sin(2 * Double.pi * frequency * $0) }
        var recording = SensorRecording(
            name: "made", file: "made.csv", times: times, gyroscope: times.map { _ in .zero },
            accelerometer: times.map { _ in Vector3(0, 0, 9.81) }, magnetometer: nil,
            truth: phase.map { Quaternion(about: .z, angle: $0) * Quaternion(rotationVector: noise(attitudeJitter)) }, truthFrame: .nwu,
            evaluated: nil, rate: 200)
        recording.positions = phase.map { Vector3($0, 0, 0) + noise(positionJitter) }
        return recording
    }

    /// A reference that holds still with jitter has nothing to follow: the widest knots predict
    /// best. One that moves at 6 Hz needs knots fine enough to follow it (a cubic spline with
    /// knots 0.07 s apart or wider cannot: over 40 % of a period per knot).
    @Test func crossValidationFollowsMotionNotJitter() throws {
        let still = try ReferenceSmoothing.choose(for: try Self.recording(frequency: 0, amplitude: 0, attitudeJitter: 1e-3, positionJitter: 1e-3))
        #expect(still.settings.knotSpacing == 0.1 && still.settings.positionKnotSpacing == 0.1, "\(still.settings)")
        let fast = try ReferenceSmoothing.choose(for: try Self.recording(frequency: 6, amplitude: 0.2, attitudeJitter: 1e-4, positionJitter: 1e-4))
        #expect(fast.settings.knotSpacing <= 0.05 && fast.settings.positionKnotSpacing <= 0.05, "\(fast.settings)")
        // The held-out residual cannot fall below the jitter of the odd sample itself (√3 axes
        // of 1e-4 rad is 1.7e-4 rad of angle, 1.7e-4 m of distance) and, where the fit
        // follows, stays within twice it.
        #expect(fast.attitudeResidual > 1.5e-4 && fast.attitudeResidual < 3.5e-4, "\(fast.attitudeResidual) rad")
        #expect(fast.positionResidual > 1.5e-4 && fast.positionResidual < 3.5e-4, "\(fast.positionResidual) m")
    }

    /// With reference for only 1 s the choice is refused, and a twin keeps the default knots
    /// and says why.
    @Test func tooLittleReferenceKeepsTheDefaultKnots() throws {
        var recording = try Self.recording(frequency: 0, amplitude: 0, attitudeJitter: 1e-3, positionJitter: 1e-3)
        // Sensors at rest with a little deterministic noise, so the twin finds its still window.
        recording.gyroscope = recording.times.indices.map { Vector3(1e-3 * sin(1.7 * Double($0)), 1e-3 * cos(2.3 * Double($0)), 0) }
        recording.accelerometer = recording.times.indices.map { Vector3(0, 1e-2 * sin(3.1 * Double($0)), 9.81) }
        recording.truth = recording.times.map { $0 < 1 ? Quaternion.identity : nil }
        recording.positions = nil
        #expect(throws: RecordingError.self) { try ReferenceSmoothing.choose(for: recording) }
        let twin = try RecordingTwin(recording: recording, useMotionCalibration: false)
        #expect(twin.smoothing == nil && twin.motion.settings == RecordedMotion.Settings())
        #expect(twin.smoothingProblem?.contains("choosing the smoothing needs 5 s") == true, "\(twin.smoothingProblem ?? "nil")")
    }
}
