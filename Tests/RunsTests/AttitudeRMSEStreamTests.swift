import Foundation
import Fusion
import OrbitMath
import Runs
import Testing

/// The streamed RMSE against hand-computed values and against the RMSE of every estimate
/// aligned at once (`FusionInput.comparable`).
@Suite struct AttitudeRMSEStreamTests {
    /// 200 Hz samples whose estimate is the truth turned 10° about the vertical (and 3° about
    /// x after 2 s); only 0.5…4 s counts.
    func samples() -> [(time: Double, estimate: Quaternion, truth: Quaternion, evaluated: Bool)] {
        (0..<1000).map { index in
            let time = Double(index) / 200
            let truth = Quaternion(about: .z, angle: 0.3 * time) * Quaternion(about: .x, angle: 0.1 * sin(time))
            var estimate = Quaternion(about: .z, angle: Angles.radians(10)) * truth
            if time >= 2 { estimate = Quaternion(about: .x, angle: Angles.radians(3)) * estimate }
            return (time, estimate, truth, (0.5...4).contains(time))
        }
    }

    @Test func constantHeadingOffsetIsErrorIn9DAndRemovedIn6D() {
        var nineD = AttitudeRMSEStream(magneticToTruth: .identity, useMagnetometer: true)
        var sixD = AttitudeRMSEStream(magneticToTruth: .identity, useMagnetometer: false)
        for sample in samples() where sample.time < 2 {
            nineD.add(time: sample.time, estimate: sample.estimate, truth: sample.truth, evaluated: sample.evaluated)
            sixD.add(time: sample.time, estimate: sample.estimate, truth: sample.truth, evaluated: sample.evaluated)
        }
        let nine = nineD.finish(), six = sixD.finish()
        // 0.5 s up to (not including) 2 s at 200 Hz.
        #expect(nine.sampleCount == 300 && six.sampleCount == 300)
        // acos near 1 turns rounding of 1e-16 into ≈1e-8 rad, hence the 1e-5° tolerance.
        #expect(abs(nine.totalDegrees - 10) < 1e-9 && abs(nine.headingDegrees - 10) < 1e-9 && nine.inclinationDegrees < 1e-5)
        #expect(six.totalDegrees < 1e-5)
    }

    @Test func equalsTheRMSEOverKeptEstimates() {
        let samples = samples()
        for useMagnetometer in [true, false] {
            let magneticToTruth = Quaternion(about: .z, angle: Angles.radians(-2.5))
            var stream = AttitudeRMSEStream(magneticToTruth: magneticToTruth, useMagnetometer: useMagnetometer)
            for sample in samples {
                stream.add(time: sample.time, estimate: sample.estimate, truth: sample.truth, evaluated: sample.evaluated)
            }
            let input = FusionInput(
                readings: samples.map { ImuReading(time: $0.time, gyroscope: .zero, accelerometer: .zero, magnetometer: nil) },
                truths: samples.map(\.truth), trueBias: nil, evaluated: samples.map(\.evaluated), magneticToTruth: magneticToTruth,
                calibration: .none)
            // The second method: every estimate turned at once, then the RMSE over the kept array.
            let evaluated = samples.map(\.evaluated)
            let kept = AttitudeRMSE(
                estimates: input.comparable(samples.map(\.estimate), useMagnetometer: useMagnetometer).estimates, truths: input.truths
            ) { evaluated[$0] }
            #expect(stream.finish() == kept, "useMagnetometer \(useMagnetometer)")
            // 0.5…4 s inclusive at 200 Hz.
            #expect(kept.sampleCount == 701)
        }
    }

    @Test func nothingEvaluatedGivesZeros() {
        var stream = AttitudeRMSEStream(magneticToTruth: .identity, useMagnetometer: false)
        stream.add(time: 0, estimate: Quaternion(about: .x, angle: 1), truth: .identity, evaluated: false)
        #expect(stream.finish() == AttitudeRMSEStreamTests.zero)
    }

    static let zero = AttitudeErrorAccumulator().rmse
}
