import Foundation
import ReportIO

/// A session's two logs on one clock and in one unit. Frames whose times lie outside the
/// motion's get no motion and the replay reports nothing of them; when that is true of all of
/// them, or the two logs' time spans differ by orders of magnitude (frame times in ms against
/// motion times in s), or one log's samples are further apart than its kind of log can be, the
/// session is refused with one line naming the files and the likely unit.
enum SessionClocks {
    /// Spans this many times apart (either way), with most frames outside the motion's times,
    /// are a unit mistake: s against ms is 1000×; a capture's frames and motion span about the
    /// same time.
    static let spanRatio = 100.0

    /// The longest median interval between motion samples that is still a motion log, s
    /// (DeviceMotion and raw IMU logs run at 10–1000 Hz); a log in ms read as s has 1000× that.
    static let longestMotionInterval = 1.0

    /// The longest median interval between frames, s (a capture records video, 1–240 fps).
    static let longestFrameInterval = 10.0

    static func check(
        motion: [CaptureSessionLog.Motion], frames: [CaptureSessionLog.Frame], motionFile: String, framesFile: String
    ) throws(CSVError) {
        let motionTimes = motion.map(\.timestamp), frameTimes = frames.map(\.timestamp)
        guard let motionStart = motionTimes.min(), let motionEnd = motionTimes.max(), let frameStart = frameTimes.first,
            let frameEnd = frameTimes.last
        else { return }
        let motionSpan = motionEnd - motionStart, frameSpan = frameEnd - frameStart
        let inside = frameTimes.filter { $0 >= motionStart && $0 <= motionEnd }.count
        let ratio = motionSpan > 0 ? frameSpan / motionSpan : 1
        let ranges = "frames \(format(frameStart))…\(format(frameEnd)) s, motion \(format(motionStart))…\(format(motionEnd)) s"
        if inside == 0 || ((ratio >= spanRatio || ratio <= 1 / spanRatio) && inside * 2 < frames.count) {
            let cause = unitHint(ratio: ratio, framesFile: framesFile, motionFile: motionFile) ?? "the two logs are on different clocks"
            throw CSVError(
                file: framesFile,
                message:
                    "\(inside) of \(frames.count) frame times lie within \(name(motionFile))'s (\(ranges)): \(cause); put both logs on one clock, in one unit"
            )
        }
        if let interval = medianInterval(motionTimes), interval > longestMotionInterval {
            throw CSVError(
                file: motionFile,
                message:
                    "samples are \(format(interval)) s apart (median), not a motion log in seconds: its times look like ms (\(name(framesFile))'s frames are \(format(medianInterval(frameTimes) ?? 0)) s apart); give both logs' times in one unit, and that unit in a mapping file (units: {time: ms})"
            )
        }
        if let interval = medianInterval(frameTimes), interval > longestFrameInterval {
            throw CSVError(
                file: framesFile,
                message:
                    "frames are \(format(interval)) s apart (median), not a video capture in seconds: its times look like ms; give both logs' times in one unit, and that unit in a mapping file (units: {time: ms})"
            )
        }
    }

    /// "frames.csv's times look like ms against motion.csv's s" when `ratio` (frame span over
    /// motion span) is near a power of 1000.
    static func unitHint(ratio: Double, framesFile: String, motionFile: String) -> String? {
        guard ratio > 0, ratio.isFinite else { return nil }
        let exponent = log10(ratio)
        let steps = (exponent / 3).rounded()
        guard steps != 0, abs(exponent - 3 * steps) <= 1.5, abs(steps) <= 3 else { return nil }
        let unit = ["ms", "µs", "ns"][Int(abs(steps)) - 1]
        let (finer, coarser) = steps > 0 ? (framesFile, motionFile) : (motionFile, framesFile)
        return "\(name(finer))'s times look like \(unit) against \(name(coarser))'s s"
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// The median gap between distinct consecutive times (repeated times, a flood's, left out).
    static func medianInterval(_ times: [Double]) -> Double? {
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        return gaps.isEmpty ? nil : gaps[gaps.count / 2]
    }

    static func format(_ value: Double) -> String { String(format: "%.6g", value) }
}
