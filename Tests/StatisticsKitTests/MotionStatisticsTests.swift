import Foundation
import Fusion
import OrbitMath
import Testing
import StatisticsKit

@Suite struct MotionStatisticsTests {
    /// 20 s at 100 Hz: still for 10 s, then a steady 90 °/s turn about vertical with gravity
    /// along z. The rest detector needs 1.5 s of stillness, so the first 1.5 s are not rest:
    /// rest is samples 150–999 (850 of 2 001); every moving sample turns at exactly 90 °/s and
    /// feels exactly g.
    @Test func restShareAndPercentilesOfAKnownMotion() {
        let times = (0...2_000).map { Double($0) / 100 }
        let gyroscope = times.map { $0 < 10 ? Vector3.zero : Vector3(0, 0, Angles.radians(90)) }
        let accelerometer = times.map { _ in Vector3(0, 0, 9.81) }
        let field = times.map { time -> Vector3? in Vector3(20 + time, 0, -40) }  // |B| grows with time
        let statistics = MotionStatistics(
            times: times, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: field,
            atRest: RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer))
        #expect(abs(statistics.duration - 20) < 1e-12 && abs(statistics.rate - 100) < 1e-9)
        #expect(abs(statistics.restFraction - 850.0 / 2_001) < 1e-12, "\(statistics.restFraction)")
        // The first 150 samples are still but not yet rest: they count as moving at 0 °/s.
        #expect(statistics.rotationRate.p99 == 90 && statistics.rotationRate.p50 == 90 && statistics.rotationRate.p5 == 0)
        #expect(statistics.accelerationExcess.p99 < 1e-12)
        // |B| = √((20 + t)² + 40²): the median over t ∈ [0, 20] is at t = 10.
        #expect(abs(statistics.fieldMagnitude!.p50 - (30.0 * 30 + 40 * 40).squareRoot()) < 1e-9)
    }
}
