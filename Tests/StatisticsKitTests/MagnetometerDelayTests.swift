import Foundation
import OrbitMath
import Testing

@testable import StatisticsKit

/// `TrialStatistics.magnetometerDelay` on hand-made signals: a sensor turning at 1 rad/s about
/// z through a horizontal field, its magnetometer reading the attitude 4 samples late.
struct MagnetometerDelayTests {
    static let rate = 100.0, lagSamples = 4
    static let times = (0..<3000).map { Double($0) / rate }
    static func attitude(_ time: Double) -> Quaternion { Quaternion(rotationVector: Vector3(0, 0, sin(time) * 2)) }
    static let field = Vector3(20, 0, -40)
    static let truth: [Quaternion?] = times.map { attitude($0) }
    static let magnetometer: [Vector3?] = times.map { attitude($0 - Double(lagSamples) / rate).inverseRotate(field) + Vector3(1, -2, 0.5) }

    /// The lag comes back (the offset b is the mean residual), less the gyroscope's own.
    @Test func knownLagIsMeasured() throws {
        let all = Array(Self.times.indices)
        let delay = try #require(
            TrialStatistics.magnetometerDelay(Self.magnetometer, truth: Self.truth, times: Self.times, samples: all, referenceDelay: -0.01))
        #expect(abs(delay - (0.04 - 0.01)) < 0.002, "\(delay)")
    }

    /// A reference at half the rate (every other entry nil) leaves odd lags without samples:
    /// the result is a number or nil, never NaN; arrays of other lengths are nil, not a trap.
    @Test func sparseOrMismatchedInputIsNotANumberNever() {
        let all = Array(Self.times.indices)
        let halfRate = Self.truth.enumerated().map { $0.offset % 2 == 0 ? $0.element : nil }
        let delay = TrialStatistics.magnetometerDelay(Self.magnetometer, truth: halfRate, times: Self.times, samples: all, referenceDelay: 0)
        #expect(delay.map(\.isFinite) ?? true, "\(String(describing: delay))")
        #expect(
            TrialStatistics.magnetometerDelay(
                Self.magnetometer, truth: Array(Self.truth.prefix(100)), times: Self.times, samples: all, referenceDelay: 0) == nil)
    }

    /// A lag at the end of the search is a bound: nil.
    @Test func lagBeyondTheSearchIsNil() {
        let far = Self.times.map { Self.attitude($0 - 0.5).inverseRotate(Self.field) } as [Vector3?]
        let all = Array(Self.times.indices)
        #expect(TrialStatistics.magnetometerDelay(far, truth: Self.truth, times: Self.times, samples: all, referenceDelay: 0) == nil)
    }
}
