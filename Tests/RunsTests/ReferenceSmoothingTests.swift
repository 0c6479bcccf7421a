import Foundation
import OrbitMath
import Recordings
import Simulation
import Testing
import Twin

/// `ReferenceSmoothing` on a recording made to measure: 30 s at rest at 200 Hz, the sensors'
/// noise and the reference's jitter known.
@Suite struct ReferenceSmoothingTests {
    /// A still recording: white gyroscope and accelerometer noise of `sensorNoise` per axis
    /// (rad/s, m/s²), reference attitudes turned and positions moved by white jitter of
    /// `attitudeJitter` rad and `positionJitter` m per axis.
    static func stillRecording(sensorNoise: Double, attitudeJitter: Double, positionJitter: Double) throws -> SensorRecording {
        let stream = try RandomStream(seed: 11, source: "test.reference_smoothing")
        func noise(_ sigma: Double) -> Vector3 {
            Vector3(stream.gaussian(sigma: sigma), stream.gaussian(sigma: sigma), stream.gaussian(sigma: sigma))
        }
        let times = (0..<6000).map { Double($0) / 200 }
        var recording = SensorRecording(
            name: "still", file: "still.csv", times: times, gyroscope: times.map { _ in noise(sensorNoise) },
            accelerometer: times.map { _ in Vector3(0, 0, 9.81) + noise(sensorNoise) }, magnetometer: nil,
            truth: times.map { _ in Quaternion(rotationVector: noise(attitudeJitter)) }, truthFrame: .nwu, evaluated: nil, rate: 200)
        recording.positions = times.map { _ in noise(positionJitter) }
        return recording
    }

    /// The choice is the finest candidate within the bound: the chosen spacing's fitted noise is
    /// at most the sensor's and the next finer one's is above it (checked by fitting it here).
    @Test func choosesTheFinestKnotsWithinTheSensorsNoise() throws {
        let recording = try Self.stillRecording(sensorNoise: 0.005, attitudeJitter: 5e-4, positionJitter: 1e-5)
        let chosen = try ReferenceSmoothing.choose(for: recording)
        #expect(chosen.fittedRateNoise <= chosen.gyroscopeNoise && chosen.fittedAccelerationNoise <= chosen.accelerometerNoise, "\(chosen)")
        // Three axes of 0.005: √3 · 0.005 within 3 %.
        #expect(abs(chosen.gyroscopeNoise / (3.0.squareRoot() * 0.005) - 1) < 0.03)
        for (spacing, isPosition) in [(chosen.settings.knotSpacing, false), (chosen.settings.positionKnotSpacing, true)] {
            let index = try #require(ReferenceSmoothing.candidates.firstIndex(of: spacing))
            #expect(index > 0 && index < ReferenceSmoothing.candidates.count - 1, "a jitter between the extremes: \(spacing) s")
            guard index > 0 else { continue }
            var finer = RecordedMotion.Settings()
            finer.knotSpacing = ReferenceSmoothing.candidates[index - 1]
            finer.positionKnotSpacing = ReferenceSmoothing.candidates[index - 1]
            let motion = try RecordedMotion(
                times: recording.times, attitudes: recording.truth!, positions: recording.positions, gravity: 9.81, settings: finer)
            let inner = recording.times.filter { $0 > 0.5 && $0 < recording.times.last! - 0.5 }
            let states = inner.map { motion.state(at: $0) }
            let noise = (states.map { (isPosition ? $0.acceleration : $0.angularVelocity).normSquared }.reduce(0, +) / Double(states.count))
                .squareRoot()
            #expect(noise > (isPosition ? chosen.accelerometerNoise : chosen.gyroscopeNoise), "finer \(finer) fits \(noise)")
        }
    }

    /// A reference without jitter gets the finest knots; one with jitter far beyond the sensor's
    /// noise the widest.
    @Test func extremesGoToTheEndsOfTheCandidates() throws {
        let clean = try ReferenceSmoothing.choose(for: try Self.stillRecording(sensorNoise: 0.005, attitudeJitter: 0, positionJitter: 0))
        #expect(
            clean.settings.knotSpacing == ReferenceSmoothing.candidates.first
                && clean.settings.positionKnotSpacing == ReferenceSmoothing.candidates.first)
        let shaky = try ReferenceSmoothing.choose(for: try Self.stillRecording(sensorNoise: 0.001, attitudeJitter: 0.01, positionJitter: 0.01))
        #expect(
            shaky.settings.knotSpacing == ReferenceSmoothing.candidates.last
                && shaky.settings.positionKnotSpacing == ReferenceSmoothing.candidates.last)
    }

    /// With reference for only 1 s of the still window the choice is refused (a fit through
    /// the gap would look perfectly smooth), and a twin keeps the default knots and says why.
    @Test func tooLittleReferenceAtRestKeepsTheDefaultKnots() throws {
        var recording = try Self.stillRecording(sensorNoise: 0.005, attitudeJitter: 5e-4, positionJitter: 1e-5)
        recording.truth = recording.times.map { $0 < 1 ? Quaternion.identity : nil }
        recording.positions = nil
        #expect(throws: RecordingError.self) { try ReferenceSmoothing.choose(for: recording) }
        let twin = try RecordingTwin(recording: recording, useMotionCalibration: false)
        #expect(twin.smoothing == nil && twin.motion.settings == RecordedMotion.Settings())
        #expect(twin.smoothingProblem?.contains("choosing the smoothing needs 5 s") == true, "\(twin.smoothingProblem ?? "nil")")
    }
}
