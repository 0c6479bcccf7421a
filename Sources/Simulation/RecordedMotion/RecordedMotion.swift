import Foundation
import OrbitMath

/// Motion taken from a recorded trajectory (optical motion capture, VIO): positions and
/// attitudes at sample instants, fitted with smoothing splines whose derivatives give what an
/// ideal IMU would read (x-io imusim's idea). Everything downstream — IMU errors, field,
/// filters — runs on `state(at:)` as it does on modelled motion.
///
/// The rule for the smoothing: attitudes are differentiated once, positions twice. A knot every
/// `knotSpacing` seconds (default 0.04 s) keeps rotation up to about 1 / (2 · 0.04) = 12.5 Hz —
/// above what a hand does (< 10 Hz) — and averages ~11 samples per knot at BROAD's 286 Hz.
/// Motion-capture positions carry millimetre noise, which twice differentiated at a few hundred
/// hertz is metres per second squared: their knots are `positionKnotSpacing` apart (default
/// 0.1 s, accelerations up to ~5 Hz). The small `penalty` only bridges missing samples.
///
/// The rule for gaps (samples without a reference): a gap up to `maximumGap` is bridged by the
/// spline; a longer one is in `unbridged`: the motion there is invented, and its samples must be
/// left out of any metric (they have no reference to compare with anyway).
public struct RecordedMotion: Sendable {
    /// How the trajectory is fitted.
    public struct Settings: Sendable, Equatable {
        /// Distance between the attitude spline's knots, s.
        public var knotSpacing = 0.04
        /// Distance between the position spline's knots, s: positions are differentiated twice,
        /// so their noise needs wider knots (noise in the acceleration grows as spacing^−2.5).
        public var positionKnotSpacing = 0.1
        /// Weight of the second-difference penalty, per knot interval's samples.
        public var penalty = 1e-3
        /// Longest run of missing samples the spline bridges, s.
        public var maximumGap = 0.25

        public init() {}
    }

    public let settings: Settings
    /// First and last sample instant, s.
    public let start: Double
    public let end: Double
    /// Gaps longer than `settings.maximumGap` (missing samples, or a jump in time), from the last
    /// sample before to the first after, s.
    public let unbridged: [ClosedRange<Double>]
    /// Number of gaps the spline bridged.
    public let bridgedGaps: Int
    /// Gravity used for the specific force, m/s² (along −z of the world frame, z up).
    public let gravity: Double
    private let position: [SmoothingSpline]?
    private let attitude: [SmoothingSpline]

    /// Fits attitudes (body → world, z up; nil where missing) and, when given, positions (m,
    /// world frame; nil where missing) sampled at `times` (s, strictly increasing).
    ///
    /// - Throws: `GSLError` when fewer than two attitudes are known or the fit fails.
    public init(
        times: [Double], attitudes: [Quaternion?], positions: [Vector3?]?, gravity: Double, settings: Settings = Settings()
    ) throws(GSLError) {
        precondition(attitudes.count == times.count && (positions?.count ?? times.count) == times.count, "one pose per time")
        self.settings = settings
        self.gravity = gravity
        start = times.first ?? 0
        end = times.last ?? 0
        // q and −q are one attitude: make the samples a continuous curve before fitting.
        var previous: Quaternion?
        var components = [[Double]](repeating: [], count: 4)
        for index in times.indices {
            guard var q = attitudes[index], q.w.isFinite, q.x.isFinite, q.y.isFinite, q.z.isFinite else {
                for axis in 0..<4 { components[axis].append(.nan) }
                continue
            }
            if let previous, previous.dot(q) < 0 { q = -q }
            previous = q
            for (axis, value) in [q.w, q.x, q.y, q.z].enumerated() { components[axis].append(value) }
        }
        attitude = try components.map { values throws(GSLError) in
            try SmoothingSpline(times: times, values: values, knotSpacing: settings.knotSpacing, penalty: settings.penalty)
        }
        if let positions {
            position = try (0..<3).map { axis throws(GSLError) in
                try SmoothingSpline(
                    times: times, values: positions.map { $0.map { $0[axis] } ?? .nan }, knotSpacing: settings.positionKnotSpacing,
                    penalty: settings.penalty)
            }
        } else {
            position = nil
        }
        // Runs of samples without an attitude (or a position), and jumps in time between two
        // samples that have both (a file that leaves out what its tracker lost).
        var gaps: [ClosedRange<Double>] = []
        var gapStart: Int?
        for index in times.indices {
            let missing = attitudes[index] == nil || (positions.map { $0[index] == nil } ?? false)
            if !missing, gapStart == nil, index > 0, times[index] - times[index - 1] > settings.maximumGap {
                gaps.append(times[index - 1]...times[index])
            }
            if missing, gapStart == nil { gapStart = index }
            if let first = gapStart, !missing || index == times.count - 1 {
                let last = missing ? index : index - 1
                gaps.append(times[max(0, first - 1)]...times[min(times.count - 1, last + 1)])
                gapStart = nil
            }
        }
        let long = gaps.filter { $0.upperBound - $0.lowerBound > settings.maximumGap }
        bridgedGaps = gaps.count - long.count
        unbridged = long
    }

    /// Whether the motion at `time` is measured (not inside an unbridged gap).
    public func isMeasured(at time: Double) -> Bool { !unbridged.contains { $0.contains(time) } }

    /// The fitted state at `time`: attitude (normalised), angular velocity in the body frame,
    /// position, velocity and acceleration of the recorded point (zero without positions: the
    /// body turns in place), and the specific force Rᵀ·(a + g·ẑ) there. `progress` and `azimuth`
    /// are 0 (no orbit).
    public func state(at time: Double) -> TruthState {
        let (q, angularVelocity) = rotation(at: time)
        var kinematics = (position: Vector3.zero, velocity: Vector3.zero, acceleration: Vector3.zero)
        if let position {
            let px = position[0].evaluate(time), py = position[1].evaluate(time), pz = position[2].evaluate(time)
            kinematics = (
                Vector3(px.value, py.value, pz.value), Vector3(px.rate, py.rate, pz.rate), Vector3(px.acceleration, py.acceleration, pz.acceleration)
            )
        }
        return TruthState(
            time: time, position: kinematics.position, velocity: kinematics.velocity, acceleration: kinematics.acceleration, attitude: q,
            angularVelocity: angularVelocity, specificForce: q.inverseRotate(kinematics.acceleration + Vector3(0, 0, gravity)), progress: 0,
            azimuth: 0)
    }

    /// The fitted attitude (normalised) and body angular velocity (rad/s) at `time`: `state(at:)`'s
    /// without the positions' splines, for searches that shift the rotation many times.
    @inline(__always)
    public func rotation(at time: Double) -> (attitude: Quaternion, angularVelocity: Vector3) {
        let w = attitude[0].evaluate(time), x = attitude[1].evaluate(time)
        let y = attitude[2].evaluate(time), z = attitude[3].evaluate(time)
        let raw = Quaternion(w: w.value, x: x.value, y: y.value, z: z.value)
        let norm = raw.norm
        let q = (1 / norm) * raw
        // The derivative of q / ‖q‖, then ω = 2·vec(q* ⊗ q̇) for q̇ = ½ q ⊗ ω (body rate).
        let rawRate = Quaternion(w: w.rate, x: x.rate, y: y.rate, z: z.rate)
        let rate = (1 / norm) * (rawRate - q.dot(rawRate) * q)
        return (q, 2 * (q.w * rate.vector - rate.w * q.vector - q.vector.cross(rate.vector)))
    }
}
