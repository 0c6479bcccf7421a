import Fusion
import OrbitMath
import Testing

/// A filter whose outputs are set by the test.
struct ScriptedFilter: AttitudeFilter {
    struct Settings: Sendable, Equatable {}
    var settings = Settings()
    var attitude = Quaternion.identity
    var gyroscopeBias = Vector3.zero
    var diagnostics = FilterDiagnostics()
    var isInitialized = true
    var next: Quaternion = .identity
    var failure: String?

    init(settings: Settings) {}
    init(next: Quaternion, bias: Vector3 = .zero, failure: String? = nil) {
        self.next = next
        gyroscopeBias = bias
        self.failure = failure
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    mutating func update(_ reading: ImuReading) throws {
        if let failure { throw Failure(description: failure) }
        attitude = next
    }
    mutating func reset() { attitude = .identity }
}

@Suite struct CheckedFilterTests {
    let reading = ImuReading(time: 2.5, gyroscope: .zero, accelerometer: Vector3(0, 0, 9.81), magnetometer: nil)

    func violation(_ filter: ScriptedFilter) -> FilterContractViolation? {
        var checked = CheckedFilter(filter)
        do {
            try checked.update(reading)
            return nil
        } catch let violation as FilterContractViolation {
            return violation
        } catch {
            return nil
        }
    }

    /// A unit attitude, or one as close as a Newton-step renormalisation leaves it, passes bit
    /// for bit; one within the tolerance is renormalised.
    @Test func unitAttitudesPass() throws {
        let rotation = Quaternion(about: .x, angle: 0.3)
        var checked = CheckedFilter(ScriptedFilter(next: rotation))
        try checked.update(reading)
        #expect(checked.attitude == rotation)
        let nearlyUnit = (1 + 4e-7) * rotation
        checked = CheckedFilter(ScriptedFilter(next: nearlyUnit))
        try checked.update(reading)
        #expect(checked.attitude == nearlyUnit)
        let scaled = (1 + 5e-4) * rotation
        checked = CheckedFilter(ScriptedFilter(next: scaled))
        try checked.update(reading)
        #expect(abs(checked.attitude.norm - 1) < 1e-15 && checked.attitude.isSameRotation(as: rotation, tolerance: 1e-15))
    }

    /// NaN, zero, norm 2 and a non-finite bias are refused, naming the sample's time.
    @Test func brokenOutputsAreRefused() {
        for broken in [
            Quaternion(w: .nan, x: 0, y: 0, z: 0), Quaternion(w: 0, x: 0, y: 0, z: 0), 2 * Quaternion(about: .z, angle: 1), 1.002 * .identity,
        ] {
            let found = violation(ScriptedFilter(next: broken))
            #expect(found?.time == 2.5, "\(broken)")
            #expect(found?.rule.hasPrefix("attitude is not") == true, "\(broken)")
        }
        #expect(violation(ScriptedFilter(next: 2 * .identity))?.rule.contains("norm 2.0") == true)
        #expect(violation(ScriptedFilter(next: .identity, bias: Vector3(.nan, 0, 0)))?.rule.hasPrefix("gyroscopeBias is not finite") == true)
    }

    /// A filter's own error passes through unchanged.
    @Test func thrownErrorsPassThrough() {
        var checked = CheckedFilter(ScriptedFilter(next: .identity, failure: "lost the horizon"))
        #expect(throws: (any Error).self) { try checked.update(reading) }
        #expect(violation(ScriptedFilter(next: .identity, failure: "lost the horizon")) == nil)
    }

    /// `withFilter` hands every filter, built in or registered, to its visitor checked.
    @Test func withFilterChecksEveryFilter() throws {
        struct TypeName: FilterVisitor {
            func visit<Filter: AttitudeFilter>(_ filter: Filter) -> String { String(describing: Filter.self) }
        }
        #expect(FusionSettings().withFilter(.madgwick, TypeName()) == "CheckedFilter<MadgwickFilter>")
        try FilterRegistry.register("checked-filter-test") { _ in ScriptedFilter(next: .identity) }
        defer { FilterRegistry.unregister("checked-filter-test") }
        #expect(FusionSettings().withFilter(FilterName(rawValue: "checked-filter-test")!, TypeName()) == "CheckedFilter<ScriptedFilter>")
    }
}
