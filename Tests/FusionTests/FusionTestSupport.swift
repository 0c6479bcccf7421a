import Foundation
import Fusion
import OrbitMath

/// Field along magnetic north (x) and down, dip ≈ 66°, so 9D filters share the test's earth frame.
let earthField = Vector3(20, 0, -45)  // µT, x north, y west, z up
let gravity = 9.81

/// Ideal readings of a device with attitude `attitude` and body rate `rate`, not accelerating.
func idealReading(time: Double, attitude: Quaternion, rate: Vector3, field: Vector3? = earthField) -> ImuReading {
    ImuReading(
        time: time, gyroscope: rate, accelerometer: attitude.inverseRotate(Vector3(0, 0, gravity)),
        magnetometer: field.map { attitude.inverseRotate($0) })
}

/// A tiny deterministic noise source (tests must not depend on GSL).
struct TestNoise {
    var state: UInt64
    mutating func gaussian() -> Double {
        // Box–Muller on a SplitMix64 stream.
        func uniform() -> Double {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return (Double((z ^ (z >> 31)) >> 11) + 0.5) / 9_007_199_254_740_992
        }
        return (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
    }
    mutating func vector(_ sigma: Double) -> Vector3 { Vector3(sigma * gaussian(), sigma * gaussian(), sigma * gaussian()) }
}

/// Body → earth heading of a (near level) attitude about earth z: BROAD's 2·atan(z/w) of the
/// error between two attitudes.
func headingError(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
    let error = estimate * truth.conjugate
    return abs(2 * atan(error.z / error.w))
}

func inclinationError(_ estimate: Quaternion, _ truth: Quaternion) -> Double {
    let error = estimate * truth.conjugate
    return 2 * acos(min(1, (error.w * error.w + error.z * error.z).squareRoot()))
}

/// A filter behind a uniform interface, so tests can loop over all four.
final class FilterUnderTest {
    let name: String
    private let feed: (ImuReading) throws -> Void
    private let read: () -> (attitude: Quaternion, bias: Vector3, diagnostics: FilterDiagnostics)

    init<Filter: AttitudeFilter>(_ name: String, _ filter: Filter) {
        let holder = FilterHolder(filter)
        self.name = name
        feed = { try holder.filter.update($0) }
        read = { (holder.filter.attitude, holder.filter.gyroscopeBias, holder.filter.diagnostics) }
    }

    func update(_ reading: ImuReading) throws { try feed(reading) }
    var attitude: Quaternion { read().attitude }
    var bias: Vector3 { read().bias }
    var diagnostics: FilterDiagnostics { read().diagnostics }
}

final class FilterHolder<Filter: AttitudeFilter> {
    var filter: Filter
    init(_ filter: Filter) { self.filter = filter }
}

/// All four filters with their default settings.
func allFilters() -> [FilterUnderTest] {
    [
        FilterUnderTest("complementary", ComplementaryFilter()),
        FilterUnderTest("mahony", MahonyFilter()),
        FilterUnderTest("madgwick", MadgwickFilter()),
        FilterUnderTest("bias-estimating", BiasEstimatingFilter()),
    ]
}
