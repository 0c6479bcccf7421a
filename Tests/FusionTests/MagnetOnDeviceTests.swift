import Foundation
import Fusion
import OrbitMath
import Testing

/// A magnet riding on the device: its field is a constant offset in the body frame.
@Suite struct MagnetOnDeviceTests {
    static let degree = Double.pi / 180
    static let parameters = BodyFixedOffset.Parameters(timeConstant: 5, minimumTurn: 2 * .pi, residualTolerance: 3, releaseTime: 10)

    /// Body → earth attitude of a device tumbling about a slowly wandering axis, and its body
    /// rate, at 200 Hz (integrated exactly per step: constant rate within a step).
    struct Tumble {
        var attitude = Quaternion(about: .x, angle: 0.3)
        var time = 0.0
        let dt = 0.005
        var rate: Vector3 { Vector3(0.9 * sin(0.7 * time), 0.7 * cos(0.45 * time), 1.6) }  // rad/s, body
        mutating func step() {
            attitude = (attitude * Quaternion(rotationVector: dt * rate)).renormalized!
            time += dt
        }
    }

    /// Residual = offset + an attitude error fixed in the earth frame (so turning in the body
    /// frame): the estimate converges to the offset, is withheld until one full turn, and the
    /// earth-fixed part averages out.
    @Test func offsetConvergesWhileAnEarthFixedErrorAveragesOut() {
        var learner = BodyFixedOffset(parameters: Self.parameters)
        var tumble = Tumble()
        let offset = Vector3(2, -6, 9)
        let headingErrorField = Vector3(0, 1.5, 0)  // 5° of heading error on 17 µT horizontal
        var firstTrusted: Double?
        var turned = 0.0
        var last: Vector3?
        for _ in 0..<(200 * 30) {
            let residual = offset + tumble.attitude.inverseRotate(headingErrorField)
            last = learner.update(residual: residual, disturbed: true, rate: tumble.rate.norm, dt: tumble.dt)
            turned += tumble.rate.norm * tumble.dt
            if last != nil, firstTrusted == nil { firstTrusted = turned }
            tumble.step()
        }
        let trustedAfter = try! #require(firstTrusted)
        // The learner starts counting at its second sample: one step (≈ 0.01 rad) later.
        #expect(trustedAfter >= 2 * .pi && trustedAfter < 2 * .pi + 0.05, "trusted after \(trustedAfter) rad")
        let estimate = try! #require(last)
        // The earth-fixed 1.5 µT turns at ~1.7 rad/s through a 5 s low-pass: < 0.3 µT remains.
        #expect((estimate - offset).norm < 0.3, "offset \(estimate)")
    }

    /// A magnet on the table (fixed in the earth frame) does not stand still in the body frame:
    /// its residual spreads far beyond the tolerance and is never trusted.
    @Test func worldFixedMagnetIsNotTrusted() {
        var learner = BodyFixedOffset(parameters: Self.parameters)
        var tumble = Tumble()
        for _ in 0..<(200 * 30) {
            let residual = tumble.attitude.inverseRotate(Vector3(8, -5, 3))
            #expect(learner.update(residual: residual, disturbed: true, rate: tumble.rate.norm, dt: tumble.dt) == nil)
            tumble.step()
        }
    }

    /// An undisturbed field starts nothing; a disturbance that ended is forgotten after
    /// `releaseTime`.
    @Test func undisturbedFieldReleasesTheOffset() {
        var learner = BodyFixedOffset(parameters: Self.parameters)
        #expect(learner.update(residual: Vector3(5, 5, 5), disturbed: false, rate: 1, dt: 0.01) == nil)
        #expect(!learner.isTracking)
        for _ in 0..<1000 { _ = learner.update(residual: Vector3(0, 0, 7), disturbed: true, rate: 1, dt: 0.01) }
        #expect(learner.isTracking)
        for _ in 0..<999 { _ = learner.update(residual: .zero, disturbed: false, rate: 1, dt: 0.01) }
        #expect(learner.isTracking)
        for _ in 0..<2 { _ = learner.update(residual: .zero, disturbed: false, rate: 1, dt: 0.01) }
        #expect(!learner.isTracking && learner.offset == .zero)
    }

    /// Heading error RMS (°) of the bias-estimating filter over the last `window` s of a minute
    /// of tumbling with a 13 µT magnet on the device from 10 s, and a gyroscope that reads
    /// 0.3 % fast (so heading drifts about 0.3 °/s without the magnetometer).
    static func headingErrorWithMagnet(settings: BiasEstimatingFilter.Settings, window: Double = 40) -> (rms: Double, offset: Vector3?) {
        var filter = BiasEstimatingFilter(settings: settings)
        var tumble = Tumble()
        let magnet = Vector3(1, 4, 12)
        var sum = 0.0, count = 0
        var offset: Vector3?
        while tumble.time < 60 {
            let field = tumble.attitude.inverseRotate(earthField) + (tumble.time >= 10 ? magnet : .zero)
            let reading = ImuReading(
                time: tumble.time, gyroscope: 1.003 * tumble.rate, accelerometer: tumble.attitude.inverseRotate(Vector3(0, 0, gravity)),
                magnetometer: field)
            filter.update(reading)
            tumble.step()
            if tumble.time > 60 - window {
                let error = headingError(filter.attitude, tumble.attitude)
                sum += error * error
                count += 1
                offset = filter.magneticOffset ?? offset
            }
        }
        return ((sum / Double(count)).squareRoot() / degree, offset)
    }

    @Test func filterKeepsHeadingWithAMagnetOnTheDevice() {
        let learning = Self.headingErrorWithMagnet(settings: .default)
        var rejectingOnly = BiasEstimatingFilter.Settings.default
        rejectingOnly.magneticOffsetTimeConstant = 0
        rejectingOnly.magneticMaximumRejectionTime = .infinity
        let rejecting = Self.headingErrorWithMagnet(settings: rejectingOnly)
        // Rejection alone integrates the 0.3 % scale error: ~0.3 °/s for 50 s.
        #expect(rejecting.rms > 4, "rejection only: \(rejecting.rms)°")
        #expect(learning.rms < 1.5, "offset learning: \(learning.rms)°")
        let learned = try! #require(learning.offset)
        #expect((learned - Vector3(1, 4, 12)).norm < 1, "learned offset \(learned) µT")
    }
}

/// Heading cannot stay uncorrected forever: after `magneticMaximumRejectionTime` a disturbed
/// field is used again with `magneticRejectionSlowdown` times the heading time constant.
@Suite struct MagneticRejectionLimitTests {
    /// Heading (°) the filter turned towards a field bent 30° east for 60 s while the device
    /// turns slowly (10 °/s: too slow to accept the bent field as the new normal).
    static func pull(maximumRejection: Double) -> Double {
        var settings = BiasEstimatingFilter.Settings.default
        settings.magneticMaximumRejectionTime = maximumRejection
        settings.magneticOffsetTimeConstant = 0
        var filter = BiasEstimatingFilter(settings: settings)
        let rate = 10 * Double.pi / 180
        // Same magnitude and dip would pass the tests; a 30° turn plus 20 % more field does not.
        let bent = 1.2 * Quaternion(about: .z, angle: -30 * Double.pi / 180).rotate(earthField)
        var attitude = Quaternion.identity
        for step in 0...(200 * 80) {
            let time = Double(step) / 200
            attitude = Quaternion(about: .z, angle: rate * time)
            filter.update(idealReading(time: time, attitude: attitude, rate: Vector3(0, 0, rate), field: time < 20 ? earthField : bent))
        }
        let error = filter.attitude * attitude.conjugate
        return abs(2 * atan(error.z / error.w)) * 180 / .pi
    }

    @Test func disturbedFieldIsUsedWeaklyAfterTheLimit() {
        let never = Self.pull(maximumRejection: .infinity)
        #expect(never < 0.5, "never used: \(never)°")
        // 40 s of use at τ = 2 × 9 s: 1 − e^(−40/18) ≈ 89 % of the 30°, less the 20 s limit's head start.
        let limited = Self.pull(maximumRejection: 20)
        #expect(limited > 20 && limited < 30, "used after 20 s: \(limited)°")
    }
}
