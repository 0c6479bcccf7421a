import Foundation
import OrbitMath

/// A recorded walk or hand motion that replaces the modelled one (a scenario's `trajectory:`
/// block): the fitted `RecordedMotion` on a clock that starts at 0, and the object it circles.
///
/// A reference type held by `WorldSettings`, so that copies of a scenario share one fit.
public final class ImportedMotion: Sendable, Equatable, CustomStringConvertible {
    /// Why the poses cannot be used.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The fitted motion, times shifted so that the first pose is at 0 s.
    public let motion: RecordedMotion
    /// Where the camera points at, world frame (x north, y west, z up), m.
    public let objectCenter: Vector3
    /// Whether `objectCenter` was fitted from the optical axes (else given).
    public let objectCenterFitted: Bool
    /// The file the poses came from (names the motion in reports and equality).
    public let source: String
    /// The first pose's time in the file's clock, s.
    public let fileStart: Double
    public let poseCount: Int
    /// Unwrapped azimuth around the object every `azimuthStep` seconds: resolves atan2's turns.
    private let azimuthTrack: [Double]
    private static let azimuthStep = 0.05

    /// Fits poses (body → world x north, y west, z up; nil where missing) at `times` (s,
    /// strictly increasing), from the first to the last complete pose. `objectCenter` nil: the point nearest to every optical axis (the
    /// camera looks along the body's −z), in the least-squares sense.
    ///
    /// - Throws: `Problem` when a gap is longer than `settings.maximumGap` (the motion there
    ///   would be invented), when the optical axes do not converge on a point (the camera kept
    ///   one direction: give the centre), or `GSLError` text when the fit fails.
    public init(
        times: [Double], attitudes: [Quaternion?], positions: [Vector3?]?, objectCenter: Vector3?, gravity: Double,
        settings: RecordedMotion.Settings, source: String
    ) throws(Problem) {
        // The motion runs from the first to the last complete pose: a tracker that finds the
        // device late (BROAD's first seconds) shortens it, it does not leave a gap.
        let complete = times.indices.filter { attitudes[$0] != nil && positions?[$0] != .some(nil) }
        guard let first = complete.first, let last = complete.last, last > first else {
            throw Problem(description: "needs at least 2 complete poses, found \(complete.count)")
        }
        let kept = first...last
        let times = Array(times[kept]), attitudes = Array(attitudes[kept]), positions = positions.map { Array($0[kept]) }
        let start = times[0]
        do {
            motion = try RecordedMotion(
                times: times.map { $0 - start }, attitudes: attitudes, positions: positions, gravity: gravity, settings: settings)
        } catch {
            throw Problem(description: "cannot fit the trajectory: \(error)")
        }
        if let gap = motion.unbridged.first {
            throw Problem(
                description: String(
                    format: "no pose from %.3f s to %.3f s (%.3f s; the longest gap bridged is maximum_gap_s = %g s)", gap.lowerBound + start,
                    gap.upperBound + start, gap.upperBound - gap.lowerBound, settings.maximumGap))
        }
        fileStart = start
        poseCount = times.count
        self.source = source
        objectCenterFitted = objectCenter == nil
        if let objectCenter {
            self.objectCenter = objectCenter
        } else {
            self.objectCenter = try Self.convergence(of: motion)
        }
        var track: [Double] = []
        var previous: Double?
        var time = 0.0
        let center = self.objectCenter
        while time <= motion.end + Self.azimuthStep {
            let position = motion.state(at: min(time, motion.end)).position
            var azimuth = atan2(position.y - center.y, position.x - center.x)
            if let previous { azimuth += 2 * .pi * ((previous - azimuth) / (2 * .pi)).rounded() }
            track.append(azimuth)
            previous = azimuth
            time += Self.azimuthStep
        }
        azimuthTrack = track
    }

    /// Length of the motion, s.
    public var duration: Double { motion.end }

    /// The fitted state at `time` (s from the first pose), with the azimuth around the object
    /// (continuous) and the progress from the first pose's azimuth.
    public func state(at time: Double) -> TruthState {
        var state = motion.state(at: time)
        state.azimuth = azimuth(of: state.position, at: time)
        state.progress = state.azimuth - azimuthTrack[0]
        return state
    }

    /// Azimuth of `position` around the object, on the turn the track has at `time`.
    func azimuth(of position: Vector3, at time: Double) -> Double {
        let raw = atan2(position.y - objectCenter.y, position.x - objectCenter.x)
        let index = min(azimuthTrack.count - 1, max(0, Int((time / Self.azimuthStep).rounded())))
        let near = azimuthTrack[index]
        return raw + 2 * .pi * ((near - raw) / (2 * .pi)).rounded()
    }

    /// "FILE: N poses, D s" and, when fitted, where the object is.
    public var description: String {
        let motion = String(format: "%@: %d poses, %.1f s", source, poseCount, duration)
        guard objectCenterFitted else { return motion }
        return motion
            + String(format: ", object centre fitted from the optical axes at (%.3f, %.3f, %.3f) m", objectCenter.x, objectCenter.y, objectCenter.z)
    }

    /// Two imports are one when they read the same file with the same fit: a scenario compares
    /// its sections, not the samples.
    public static func == (lhs: ImportedMotion, rhs: ImportedMotion) -> Bool {
        lhs === rhs
            || (lhs.source == rhs.source && lhs.poseCount == rhs.poseCount && lhs.fileStart == rhs.fileStart
                && lhs.motion.settings == rhs.motion.settings && lhs.objectCenter == rhs.objectCenter && lhs.duration == rhs.duration)
    }

    /// The point nearest to the optical axes sampled every 0.1 s: minimises Σ‖(I − d·dᵀ)(c − p)‖²,
    /// i.e. solves Σ(I − d·dᵀ)·c = Σ(I − d·dᵀ)·p.
    private static func convergence(of motion: RecordedMotion) throws(Problem) -> Vector3 {
        var a = Matrix3(rows: .zero, .zero, .zero), b = Vector3.zero
        var count = 0.0
        var time = 0.0
        while time <= motion.end {
            let state = motion.state(at: time)
            let d = state.attitude.rotate(Vector3(0, 0, -1))
            let projector = Matrix3(
                rows: Vector3(1 - d.x * d.x, -d.x * d.y, -d.x * d.z), Vector3(-d.y * d.x, 1 - d.y * d.y, -d.y * d.z),
                Vector3(-d.z * d.x, -d.z * d.y, 1 - d.z * d.z))
            a = Matrix3(rows: a.row0 + projector.row0, a.row1 + projector.row1, a.row2 + projector.row2)
            b = b + projector * state.position
            count += 1
            time += 0.1
        }
        // det(A/n) is the product of eigenvalues in [0, 1]; near 0 the axes are (nearly) parallel.
        let scaled = Matrix3(rows: (1 / count) * a.row0, (1 / count) * a.row1, (1 / count) * a.row2)
        guard scaled.determinant > 1e-4, let inverse = a.inverse else {
            throw Problem(
                description:
                    "the camera's optical axes do not converge on an object (it kept one direction); give object.center_m and set trajectory.fit_object_center: false"
            )
        }
        return inverse * b
    }
}
