import OrbitMath

/// One trial's sensor streams, real or simulated, in the form `TrialStatistics` reads: the
/// same code measures a BROAD recording and a simulated run, so their statistics compare.
public struct TrialSignals: Sendable {
    /// Sample instants, s from the first sample, increasing.
    public var times: [Double]
    /// rad/s, body frame.
    public var gyroscope: [Vector3]
    /// Specific force, m/s², body frame.
    public var accelerometer: [Vector3]
    /// µT, calibrated (hard and soft iron removed), body frame; nil entries: no sample.
    public var magnetometer: [Vector3?]?
    /// Reference attitude body → earth, any earth frame with z up; nil entries: no reference.
    public var truth: [Quaternion?]?
    /// The samples of the motion phase (BROAD's `movement`, a simulation's walk); when nil the
    /// phase runs from the first to the last sample `atRest` calls moving.
    public var moving: [Bool]?
    /// Whether each sample is at rest (`RestDetector.flags`, VQF's parameters).
    public var atRest: [Bool]

    public init(
        times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], magnetometer: [Vector3?]?, truth: [Quaternion?]?, moving: [Bool]?,
        atRest: [Bool]
    ) {
        precondition(times.count == gyroscope.count && times.count == accelerometer.count && times.count == atRest.count)
        self.times = times
        self.gyroscope = gyroscope
        self.accelerometer = accelerometer
        self.magnetometer = magnetometer
        self.truth = truth
        self.moving = moving
        self.atRest = atRest
    }
}

/// What `orbitbench validate` calibrates a hand-held scenario from: when a trial moves, how
/// much it tilts and turns, how fast and how hard (`MotionStatistics`), the gyroscope's bias at
/// the first rest, and a magnet riding on the sensor. Every field that needs a sensor or the
/// reference is nil without it.
public struct TrialStatistics: Sendable {
    /// Length, s.
    public var duration: Double
    /// From the start to the first sample of the motion phase, s.
    public var leadIn: Double
    /// From the last sample of the motion phase to the end, s.
    public var leadOut: Double
    /// Rests inside the motion phase of at least `minimumBreak`, each its length in s.
    public var breaks: [Double]
    /// The motion phase without its breaks, s.
    public var motionDuration: Double
    /// Mean gyroscope over the first rest (rest samples before the motion), rad/s; nil when
    /// that rest is shorter than `minimumBiasRest`.
    public var gyroscopeBias: Vector3?
    /// RMS over the motion phase of the angle between the body's up direction and its mean
    /// up direction over the motion phase, rad (needs the reference).
    public var tiltRMS: Double?
    /// Median over the moving samples of the rotation rate about the earth's vertical,
    /// |(R·ω)_z|, °/s (needs the reference).
    public var verticalRate: Double?
    /// Median over the moving samples of the rotation rate about horizontal axes,
    /// |(R·ω)_xy|, °/s (needs the reference).
    public var horizontalRate: Double?
    /// How the linear acceleration of the moving samples is spread over directions (needs
    /// the reference).
    public var accelerationShape: AccelerationShape?

    /// Share of the linear acceleration's variance along its principal axis: in the body frame
    /// (f − Rᵀ·g·ẑ) and in the earth frame (R·f − g·ẑ); 1/3 for accelerations in every
    /// direction alike, near 1 for a device shaken along one line.
    public struct AccelerationShape: Sendable, Equatable {
        public var bodyShare: Double
        public var earthShare: Double
        /// The principal axis in the body frame (unit; sign: its largest component positive).
        public var bodyAxis: Vector3
    }
    /// Rest share and the percentiles of |ω| and ||f| − g| of the moving samples.
    public var motion: MotionStatistics
    /// Where the sensor sits from the point the hand turns it about, body frame, m: the lever
    /// arm that best explains the linear acceleration by the rotation (needs the reference).
    public var leverArm: Vector3?
    /// How late the reference attitude is against the gyroscope, s (negative: early), from
    /// the lag that best aligns their rotation rates (needs the reference).
    public var referenceDelay: Double?
    /// How much later than the gyroscope the magnetometer reads the attitude, s (needs the
    /// reference and a magnetometer).
    public var magnetometerDelay: Double?
    /// A field that rides on the sensor for a while (an attached magnet); nil when none is
    /// seen or without magnetometer and reference.
    public var bodyField: BodyField?

    /// A body-fixed field added to the earth's for part of the trial.
    public struct BodyField: Sendable, Equatable {
        /// µT, body frame: the median residual while it is on.
        public var field: Vector3
        /// First and last instant it is on, s.
        public var onset: Double
        public var offset: Double
    }

    /// Rests inside the motion shorter than this are pauses of the hand, not breaks, s.
    public static let minimumBreak = 3.0
    /// The first rest must last this long to measure the bias, s.
    public static let minimumBiasRest = 1.0
    /// A residual field (smoothed over `fieldSmoothing`) above this counts as a body field, µT.
    public static let bodyFieldThreshold = 3.0
    /// Averaging window of the field residual, s: long enough to average out the residual a
    /// timing offset between reference and magnetometer leaves during fast turns.
    public static let fieldSmoothing = 0.5
    /// A body field must stay on at least this long to count, s.
    public static let minimumBodyField = 2.0
    /// Gaps in a body field up to this long are bridged, s.
    public static let bodyFieldGap = 2.0

    public init(_ signals: TrialSignals) {
        let times = signals.times, count = times.count
        duration = count > 1 ? times[count - 1] - times[0] : 0
        let atRest = signals.atRest
        motion = MotionStatistics(
            times: times, gyroscope: signals.gyroscope, accelerometer: signals.accelerometer, magnetometer: signals.magnetometer, atRest: atRest)
        let phase = Self.motionPhase(signals.moving ?? atRest.map { !$0 })
        guard let phase, count > 1 else {
            leadIn = duration
            leadOut = 0
            breaks = []
            motionDuration = 0
            return
        }
        leadIn = times[phase.lowerBound] - times[0]
        leadOut = times[count - 1] - times[phase.upperBound]
        breaks = Self.rests(atRest, times: times, within: phase).filter { $0 >= Self.minimumBreak }
        motionDuration = times[phase.upperBound] - times[phase.lowerBound] - breaks.reduce(0, +)

        let firstRest = (0..<phase.lowerBound).filter { atRest[$0] }
        if firstRest.count > 1, times[firstRest.last!] - times[firstRest.first!] >= Self.minimumBiasRest {
            gyroscopeBias = firstRest.reduce(Vector3.zero) { $0 + signals.gyroscope[$1] } * (1 / Double(firstRest.count))
        }
        if let truth = signals.truth {
            tiltRMS = Self.tiltRMS(truth, times: times, phase: phase)
            let moving = phase.filter { !atRest[$0] && truth[$0] != nil }
            (verticalRate, horizontalRate) = Self.earthRates(truth, gyroscope: signals.gyroscope, samples: moving)
            let gravity = Statistics.percentile(
                sorted: (0..<count).filter { atRest[$0] }.map { signals.accelerometer[$0].norm }.sorted(), fraction: 0.5)
            accelerationShape = Self.accelerationShape(
                truth, accelerometer: signals.accelerometer, gravity: gravity ?? Units.standardGravity, samples: moving)
            referenceDelay = Self.referenceDelay(truth, gyroscope: signals.gyroscope, times: times, samples: moving)
            leverArm = Self.leverArm(
                truth, gyroscope: signals.gyroscope, accelerometer: signals.accelerometer, times: times, gravity: gravity ?? Units.standardGravity,
                samples: moving)
            if let magnetometer = signals.magnetometer {
                magnetometerDelay = Self.magnetometerDelay(
                    magnetometer, truth: truth, times: times, samples: moving, referenceDelay: referenceDelay)
                bodyField = Self.bodyField(magnetometer, truth: truth, times: times, atRest: atRest, motionStart: phase.lowerBound)
            }
        }
    }

    /// First to last flagged sample; nil when none is.
    static func motionPhase(_ flags: [Bool]) -> ClosedRange<Int>? {
        guard let first = flags.firstIndex(of: true), let last = flags.lastIndex(of: true) else { return nil }
        return first...last
    }

    /// Lengths of the runs of rest samples inside `phase`, s.
    static func rests(_ atRest: [Bool], times: [Double], within phase: ClosedRange<Int>) -> [Double] {
        var lengths: [Double] = []
        var start: Int?
        for index in phase {
            if atRest[index] {
                if start == nil { start = index }
            } else if let first = start {
                lengths.append(times[index - 1] - times[first])
                start = nil
            }
        }
        if let first = start { lengths.append(times[phase.upperBound] - times[first]) }
        return lengths
    }
}
