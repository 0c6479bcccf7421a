import OrbitMath

/// BROAD's attitude RMSE over a stream of estimates, sample by sample, keeping only the 6D
/// heading-alignment window instead of every estimate of the run.
///
/// The same comparisons and summation order as `FusionInput.comparable` followed by
/// `AttitudeRMSE(estimates:truths:include:)`, so the figures are identical: 9D estimates are
/// turned by `magneticToTruth`; a 6D stream's heading offset is the circular mean of the signed
/// heading error over the samples from the first evaluated one until `headingAlignmentWindow`
/// seconds later, and is removed from every estimate. Only evaluated samples count.
///
///     var stream = AttitudeRMSEStream(magneticToTruth: .identity, useMagnetometer: true)
///     stream.add(time: 0, estimate: q, truth: q, evaluated: true)
///     stream.finish().totalDegrees  // 0
public struct AttitudeRMSEStream {
    private struct Sample {
        var estimate: Quaternion
        var truth: Quaternion
        var evaluated: Bool
    }

    private let magneticToTruth: Quaternion
    private let useMagnetometer: Bool
    /// s.
    private let headingAlignmentWindow: Double
    private var accumulator = AttitudeErrorAccumulator()
    /// The 6D turn that removes the heading offset, once the window is complete.
    private var headingTurn: Quaternion?
    /// Time of the first evaluated sample (6D), s.
    private var windowStart: Double?
    /// Samples since `windowStart` while the offset is not known yet.
    private var window: [Sample] = []

    public init(magneticToTruth: Quaternion, useMagnetometer: Bool, headingAlignmentWindow: Double = 1.0) {
        self.magneticToTruth = magneticToTruth
        self.useMagnetometer = useMagnetometer
        self.headingAlignmentWindow = headingAlignmentWindow
        if !useMagnetometer { window.reserveCapacity(1024) }
    }

    /// The next sample; `time` in s, increasing.
    public mutating func add(time: Double, estimate: Quaternion, truth: Quaternion, evaluated: Bool) {
        if useMagnetometer {
            if evaluated { accumulator.add(AttitudeError(estimate: magneticToTruth * estimate, truth: truth)) }
            return
        }
        if let headingTurn {
            if evaluated { accumulator.add(AttitudeError(estimate: headingTurn * estimate, truth: truth)) }
            return
        }
        // Samples before the first evaluated one neither count nor align.
        guard let start = windowStart ?? (evaluated ? time : nil) else { return }
        windowStart = start
        if time < start + headingAlignmentWindow || window.isEmpty {
            window.append(Sample(estimate: estimate, truth: truth, evaluated: evaluated))
            return
        }
        alignAndFlush()
        add(time: time, estimate: estimate, truth: truth, evaluated: evaluated)
    }

    /// The RMSE of everything added (zeros when no sample was evaluated).
    public mutating func finish() -> AttitudeRMSE {
        if !useMagnetometer && headingTurn == nil && !window.isEmpty { alignAndFlush() }
        return accumulator.rmse
    }

    private mutating func alignAndFlush() {
        let turn = HeadingAlignment.turn(removing: HeadingAlignment.offset(window.lazy.map { ($0.estimate, $0.truth) }))
        headingTurn = turn
        for sample in window where sample.evaluated {
            accumulator.add(AttitudeError(estimate: turn * sample.estimate, truth: sample.truth))
        }
        window.removeAll()
    }
}
