import Execution
import Foundation
import OrbitMath
import Recordings
import Simulation

/// How finely a recording's reference is fitted, chosen from the recording itself by two-fold
/// cross-validation: the knot spacing whose fit to the even samples best predicts the odd ones.
///
/// The spline's derivatives are what the twin's ideal sensors read. Knots too far apart leave
/// out motion the real sensor feels (the accelerations of a fast turn); too close, and the
/// reference's jitter becomes motion nobody made. Held-out samples weigh the two: jitter is
/// not predictable from the neighbouring samples, motion is, so the spacing with the smallest
/// held-out residual keeps what the neighbours agree on. Attitudes and positions are chosen
/// apart (positions are differentiated twice). Each candidate spacing is fitted on the even
/// samples (the odd ones left out as one-sample gaps) and scored by the RMS angle, or
/// distance, to the odd samples the fit measures (not inside an unbridged gap); ties go to
/// the wider spacing.
public struct ReferenceSmoothing: Sendable, Equatable {
    /// Knot spacings tried, s, finest first: from about three samples per knot at BROAD's
    /// 286 Hz (the penalty keeps a knot without samples defined) to motion up to 5 Hz.
    public static let candidates = [0.01, 0.015, 0.02, 0.03, 0.05, 0.1]
    /// Least reference the choice is made on, s of held-out samples.
    public static let minimumReferenced = 5.0

    /// The settings chosen (the other settings as `base` had them).
    public var settings: RecordedMotion.Settings
    /// Per candidate, the held-out RMS attitude residual, rad; and position residual, m (empty
    /// without positions).
    public var attitudeResiduals: [Double]
    public var positionResiduals: [Double]

    /// The held-out residual at the chosen spacings: rad and m (0 without positions).
    public var attitudeResidual: Double { attitudeResiduals[Self.candidates.firstIndex(of: settings.knotSpacing) ?? 0] }
    public var positionResidual: Double {
        positionResiduals.isEmpty ? 0 : positionResiduals[Self.candidates.firstIndex(of: settings.positionKnotSpacing) ?? 0]
    }

    /// The smoothing for `recording`'s reference.
    ///
    /// - Throws: `RecordingError` when fewer than `minimumReferenced` seconds of odd samples
    ///   have a reference.
    public static func choose(for recording: SensorRecording, base: RecordedMotion.Settings = RecordedMotion.Settings()) throws(RecordingError)
        -> ReferenceSmoothing
    {
        let truth = recording.truth ?? Array(repeating: nil, count: recording.count)
        let heldOut = stride(from: 1, to: recording.count, by: 2).filter { truth[$0] != nil }
        guard Double(heldOut.count) * 2 >= minimumReferenced * recording.rate else {
            throw RecordingError(
                file: recording.file, column: "reference",
                message: String(
                    format: "has %.1f s of reference; choosing the smoothing needs %.0f s", 2 * Double(heldOut.count) / recording.rate,
                    minimumReferenced))
        }
        let evenAttitudes = truth.indices.map { $0 % 2 == 0 ? truth[$0] : nil }
        let evenPositions = recording.positions.map { all in all.indices.map { $0 % 2 == 0 ? all[$0] : nil } }
        // The candidates are fitted on all cores: a twin's cost is the filters' (bench: twin).
        let scores = Parallel.map(candidates.count) { candidate -> (attitude: Double, position: Double) in
            var settings = base
            settings.knotSpacing = candidates[candidate]
            settings.positionKnotSpacing = candidates[candidate]
            guard
                let fit = try? RecordedMotion(
                    times: recording.times, attitudes: evenAttitudes, positions: evenPositions, gravity: Units.standardGravity, settings: settings)
            else { return (.infinity, .infinity) }
            var angles = 0.0, angleCount = 0, distances = 0.0, distanceCount = 0
            for index in heldOut where fit.isMeasured(at: recording.times[index]) {
                let state = fit.state(at: recording.times[index])
                let angle = state.attitude.angularDistance(to: truth[index]!)
                angles += angle * angle
                angleCount += 1
                if let position = recording.positions?[index] {
                    distances += (state.position - position).normSquared
                    distanceCount += 1
                }
            }
            return (rms(angles, angleCount), rms(distances, distanceCount))
        }
        let attitudeResiduals = scores.map(\.attitude)
        let positionResiduals = evenPositions == nil ? [] : scores.map(\.position)
        var settings = base
        settings.knotSpacing = candidates[best(attitudeResiduals)]
        if !positionResiduals.isEmpty { settings.positionKnotSpacing = candidates[best(positionResiduals)] }
        return ReferenceSmoothing(settings: settings, attitudeResiduals: attitudeResiduals, positionResiduals: positionResiduals)
    }

    /// √(sum / count); ∞ for no samples or a sum that is not a number (a non-finite sample in
    /// the file): no fit.
    static func rms(_ sum: Double, _ count: Int) -> Double {
        let value = (sum / Double(count)).squareRoot()
        return count > 0 && value.isFinite ? value : .infinity
    }

    /// The index of the smallest residual, the widest spacing among equals.
    static func best(_ residuals: [Double]) -> Int {
        residuals.indices.reversed().min { residuals[$0] < residuals[$1] } ?? candidates.count - 1
    }
}
