import Execution
import Foundation
import OrbitMath
import Recordings
import Runs
import Simulation
import StatisticsKit

/// The digital twin of a recording: the simulator's sensors moved along the recording's own
/// reference trajectory (`RecordedMotion`), with the IMU model calibrated from the recording's
/// own still window (`ImuCalibration`, the code `orbitbench calibrate` runs) and from its motion
/// (`MotionCalibration`: the time offset, the magnetometer's own delay and offset, and the
/// frame turn).
/// Run the filters on the real recording and on `simulate(seed:)`'s: where they differ, the sensor model is
/// missing something the real sensor does — the motion is the same.
///
/// Its seeds draw the gyroscope's scale errors from what the motion says of them
/// (`gyroscopeScaleDraw(seed:)`). What the twin does not model: misalignments, g-sensitivity,
/// the accelerometer's scale errors and the lever arm (measured and reported by
/// `MotionCalibration`, not simulated), magnetic disturbances (its field is one constant vector) and
/// motion faster than the reference's smoothing (taps, vibration). `unmodelled` names what a
/// disturbed trial has of it.
public struct RecordingTwin: Sendable {
    public let recording: SensorRecording
    public let motion: RecordedMotion
    /// How the reference's smoothing was chosen; nil when the caller gave the settings or it
    /// could not be chosen (`smoothingProblem` says why; the default knots are used).
    public let smoothing: ReferenceSmoothing?
    public let smoothingProblem: String?
    public let calibration: ImuCalibration
    /// The sensor's errors measured during motion (`MotionCalibration`), of which `imu` took the
    /// time offset and `sensorFrame` the frame turn; nil when asked not to, or when the
    /// recording has too few samples with a reference.
    public let motionCalibration: MotionCalibration?
    /// The sensor model the twin samples: noise and bias from the still window (the bias at rest
    /// as a constant bias), the time offsets from the motion calibration, no scale or
    /// misalignment error (each seed adds the gyroscope scale errors it draws), the
    /// magnetometer's offset where the motion shows it (`hardIron`), no soft iron. Change it to
    /// ask what the real sensor would do with other errors.
    public var imu: ImuSettings
    /// The IMU frame against the reference's body frame (`MotionCalibration.frameRotationDegrees`
    /// when identified, else identity): the twin's sensors read in it, as the real ones do.
    public var sensorFrame: Quaternion
    /// The prior on each gyroscope axis's scale error, ppm (one standard deviation), that
    /// `simulate(seed:)` weighs the motion calibration against when it draws the seed's scale
    /// errors (added to `imu`'s); 0 draws none.
    public var gyroscopeScalePriorPPM = RecordingTwin.defaultGyroscopeScalePriorPPM
    /// The earth's field in the reference frame, µT: per axis the median of the magnetometer
    /// turned by the reference attitude.
    public let field: Vector3
    /// The trial's disturbance the twin does not model (BROAD's disturbed groups); nil when
    /// undisturbed.
    public let unmodelled: String?

    /// Calibrates and fits the twin of `recording`, its reference smoothed as `motionSettings`
    /// says or, by default, as `ReferenceSmoothing` chooses by cross-validation on the recording.
    /// With `useMotionCalibration` (the default)
    /// the twin also takes what `MotionCalibration` measures on the recording; without it, only
    /// what the still window shows.
    ///
    /// - Throws: `RecordingError` when the recording has no reference attitude, no still
    ///   window of `ImuCalibration.minimumWindow` seconds, or a reference too sparse to fit.
    public init(
        recording: SensorRecording, motionSettings: RecordedMotion.Settings? = nil, useMotionCalibration: Bool = true
    ) throws(RecordingError) {
        var smoothing: ReferenceSmoothing?, smoothingProblem: String?
        if motionSettings == nil, recording.truth?.contains(where: { $0 != nil }) == true {
            // A trial with too little reference to choose keeps the default knots, and says so.
            do { smoothing = try ReferenceSmoothing.choose(for: recording) } catch { smoothingProblem = error.message }
        }
        self.smoothing = smoothing
        self.smoothingProblem = smoothingProblem
        let motion = try RecordedMotion(
            reference: recording, settings: motionSettings ?? smoothing?.settings ?? RecordedMotion.Settings(),
            purpose: "a twin follows the reference trajectory")
        let truth = recording.truth ?? []
        self.motion = motion
        self.recording = recording
        let calibration = try ImuCalibration(recording: recording, window: nil)
        self.calibration = calibration
        let gravity = motion.gravity
        // The biases at rest: what the sensors read beyond the truth over the still window.
        let still = recording.times.indices.filter { calibration.window.contains(recording.times[$0]) && truth[$0] != nil }
        let accelerometerBias = Self.mean(
            still.map { recording.accelerometer[$0] - truth[$0]!.inverseRotate(Vector3(0, 0, gravity)) })
        let gyroscopeBias = Self.mean(still.map { recording.gyroscope[$0] })
        var imu = Self.settings(calibration, rate: recording.rate, gyroscopeBias: gyroscopeBias, accelerometerBias: accelerometerBias)
        var frame = Quaternion.identity
        // The calibration compares the real readings with the ideal ones, both smoothed alike, at
        // the default knots: what `calibrate --from-motion` does and its round trip tests. The
        // twin's own knots, chosen for simulating, would make the estimates differ from it.
        let calibrationMotion =
            smoothing == nil || motion.settings == RecordedMotion.Settings()
            ? motion
            : try RecordedMotion(reference: recording, settings: RecordedMotion.Settings(), purpose: "a twin follows the reference trajectory")
        let measured = useMotionCalibration ? try? MotionCalibration(recording: recording, motion: calibrationMotion) : nil
        if let measured {
            // The twin takes the time offsets and the frame turn, which agree from trial to trial
            // of one sensor. Scale errors are drawn per seed, shrunk towards a MEMS part's
            // (`gyroscopeScaleDraw`): on real trials with translation they come out at several
            // percent, so they measure what the model leaves out (the lever arm, the reference's
            // positions) as much as the sensor. Misalignments are measured and reported only.
            imu.delay = measured.delayMilliseconds
            imu.magnetometer.delay = measured.magnetometerDelayMilliseconds ?? 0
            // The offset the real readings carry (nothing removes it from a recording's).
            if let offset = measured.magnetometerOffsetMicrotesla {
                imu.magnetometer.hardIron = Vector3(offset[0].value, offset[1].value, offset[2].value)
            }
            let turn = measured.frameRotationDegrees.map { $0.isIdentified ? $0.value : 0 }
            frame = Quaternion(rotationVector: Angles.radiansPerDegree * Vector3(turn[0], turn[1], turn[2]))
        }
        self.imu = imu
        sensorFrame = frame
        motionCalibration = measured
        let earth = recording.magnetometer.map { magnetometer in
            recording.times.indices.compactMap { index in truth[index].flatMap { q in magnetometer[index].map { q.rotate($0) } } }
        }
        field = earth.flatMap(Statistics.componentMedian) ?? .zero
        unmodelled = Self.unmodelled(groups: recording.groups)
    }

    /// The recording as the twin's sensors would have recorded it for `seed`: same name with
    /// "-twin-<seed>", same instants, groups, evaluated samples and reference attitudes: the
    /// twin's estimates are compared with the same recorded reference as the real ones, its
    /// noise and the motion the smoothing leaves out included.
    public func simulate(seed: UInt64) throws(GSLError) -> SensorRecording {
        try simulate(seed: seed, ideal: idealReadings())
    }

    /// `simulate(seed:)` for each of `seeds`, on all cores: the motion is read once for all.
    public func simulate(seeds: [UInt64]) throws -> [SensorRecording] {
        var streams: [SensorRecording] = []
        try simulate(seeds: seeds, batchSize: seeds.count) { streams += $0 }
        return streams
    }

    /// `simulate(seeds:)` `batchSize` seeds at a time (at least 1): `body` gets each batch's
    /// streams in seed order, and they are gone before the next batch is made, so memory
    /// holds one batch rather than every seed's stream (several megabytes each). The motion
    /// is read once for all.
    public func simulate(seeds: [UInt64], batchSize: Int, _ body: ([SensorRecording]) throws -> Void) throws {
        let ideal = idealReadings()
        for start in stride(from: 0, to: seeds.count, by: max(1, batchSize)) {
            let batch = Array(seeds[start..<min(seeds.count, start + max(1, batchSize))])
            try body(try Parallel.map(batch.count) { try simulate(seed: batch[$0], ideal: ideal) })
        }
    }

    /// What an ideal IMU reads at each of the recording's instants, the same for every seed:
    /// the rate and specific force of t − delay and the earth's field at the magnetometer's
    /// attitude (its own delay later), in the sensors' own (turned) frame.
    struct IdealReadings: Sendable {
        var angularVelocity: [Vector3] = [], specificForce: [Vector3] = [], field: [Vector3] = []
    }

    func idealReadings() -> IdealReadings {
        let frame = sensorFrame, field = field
        let delay = imu.delay / 1000, magnetometerDelay = imu.magnetometer.delay / 1000
        var ideal = IdealReadings()
        ideal.angularVelocity.reserveCapacity(recording.count)
        ideal.specificForce.reserveCapacity(recording.count)
        ideal.field.reserveCapacity(recording.count)
        for time in recording.times {
            let sensed = motion.state(at: time - delay)
            ideal.angularVelocity.append(frame.inverseRotate(sensed.angularVelocity))
            ideal.specificForce.append(frame.inverseRotate(sensed.specificForce))
            let attitude = magnetometerDelay == 0 ? sensed.attitude : motion.rotation(at: time - delay - magnetometerDelay).attitude
            ideal.field.append(frame.inverseRotate(attitude.inverseRotate(field)))
        }
        return ideal
    }

    private func simulate(seed: UInt64, ideal: IdealReadings) throws(GSLError) -> SensorRecording {
        var settings = imu
        settings.gyroscope.scaleErrorPPM = settings.gyroscope.scaleErrorPPM + (try gyroscopeScaleDraw(seed: seed))
        var sensors = try ImuSensors(settings: settings, duration: motion.end - motion.start, seed: seed, prefix: "twin")
        let realTruth = recording.truth ?? []
        var gyroscope: [Vector3] = [], accelerometer: [Vector3] = [], magnetometer: [Vector3?] = [], truth: [Quaternion?] = []
        gyroscope.reserveCapacity(recording.count)
        accelerometer.reserveCapacity(recording.count)
        magnetometer.reserveCapacity(recording.count)
        truth.reserveCapacity(recording.count)
        for (index, time) in recording.times.enumerated() {
            let sample = sensors.read(
                time: time, gridIndex: index, angularVelocity: ideal.angularVelocity[index], specificForce: ideal.specificForce[index],
                field: { ideal.field[index] })
            gyroscope.append(sample.gyroscope)
            accelerometer.append(sample.accelerometer)
            magnetometer.append(sample.magnetometer)
            truth.append(realTruth[index])
        }
        var twin = SensorRecording(
            name: "\(recording.name)-twin-\(seed)", file: recording.file, times: recording.times, gyroscope: gyroscope,
            accelerometer: accelerometer, magnetometer: recording.magnetometer == nil ? nil : magnetometer, truth: truth,
            truthFrame: recording.truthFrame, evaluated: recording.evaluated, rate: recording.rate)
        twin.declination = recording.declination
        twin.groups = recording.groups
        return twin
    }

    /// The simulator's settings for the calibrated sensor (°/s and m/s² as `ImuSettings` holds them).
    static func settings(_ calibration: ImuCalibration, rate: Double, gyroscopeBias: Vector3, accelerometerBias: Vector3) -> ImuSettings {
        func sensor(_ axes: [ImuCalibration.Axis], scale: Double, range: Double, resolution: Double, bias: Vector3) -> InertialSensorSettings {
            func term(_ path: KeyPath<AllanNoiseTerms, AllanNoiseTerms.Estimate>) -> Double {
                guard let (value, identified) = ImuCalibration.combined(axes, path), identified else { return 0 }
                return value * scale
            }
            var settings = InertialSensorSettings(noiseDensity: term(\.noiseDensity), range: range, resolution: resolution * scale)
            settings.bias = scale * bias
            settings.biasInstability = term(\.biasInstability)
            let times = axes.compactMap(\.terms).filter(\.correlationTimeFitted).map(\.correlationTime)
            if times.count == axes.count { settings.biasCorrelationTime = Statistics.mean(times) }
            settings.randomWalk = term(\.randomWalk)
            settings.scaleErrorPPM = .zero
            settings.misalignment = [0, 0, 0, 0, 0, 0]
            return settings
        }
        var imu = ImuSettings()
        imu.rate = rate
        imu.gyroscope = sensor(
            calibration.gyroscope, scale: Angles.degreesPerRadian, range: 2000, resolution: calibration.gyroscopeResolution,
            bias: gyroscopeBias)
        imu.accelerometer = sensor(
            calibration.accelerometer, scale: 1, range: 16 * Units.standardGravity, resolution: calibration.accelerometerResolution,
            bias: accelerometerBias)
        imu.magnetometer.rate = rate
        imu.magnetometer.noise = calibration.magnetometerNoise ?? 0
        imu.magnetometer.hardIron = .zero
        imu.magnetometer.softIron = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        imu.magnetometer.range = 4900
        imu.magnetometer.resolution = 0
        return imu
    }

    /// What a BROAD disturbed group does that the twin does not.
    static func unmodelled(groups: [String]) -> String? {
        guard groups.contains("disturbed") else { return nil }
        let magnetic = "magnetic disturbance (the twin's field is constant)"
        let fast = "motion faster than the reference's smoothing (impacts, vibration)"
        if groups.contains("tapping") || groups.contains("vibration") { return fast }
        if groups.contains("mixed") { return "\(magnetic); \(fast)" }
        return magnetic
    }

    static func mean(_ values: [Vector3]) -> Vector3 {
        values.isEmpty ? .zero : (1 / Double(values.count)) * values.reduce(.zero, +)
    }
}
