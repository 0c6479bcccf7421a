import Foundation
import Fusion
import OrbitMath
import Testing

/// Settings, coefficients and state of the built-in filters.
@Suite struct FilterStateTests {
    /// A device turning and nodding with a biased, noisy gyroscope: moves every part of every
    /// filter's state.
    static let readings: [ImuReading] = {
        var noise = TestNoise(state: 7)
        return (0..<1500).map { index in
            let time = Double(index) / 100
            let attitude = Quaternion(about: .z, angle: 0.4 * time) * Quaternion(about: .x, angle: 0.2 * sin(time))
            let reading = idealReading(time: time, attitude: attitude, rate: Vector3(0.2 * cos(time), 0, 0.4))
            return ImuReading(
                time: time, gyroscope: reading.gyroscope + noise.vector(0.01) + Vector3(0.01, -0.02, 0.005),
                accelerometer: reading.accelerometer + noise.vector(0.05), magnetometer: reading.magnetometer)
        }
    }()

    /// Each built-in filter, with its state saved half-way and set on a fresh filter.
    struct Resume: BuiltInFilterVisitor {
        var problems: [String] = []

        mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type) {
            let half = readings.count / 2
            var whole = Filter(settings: .default), resumed = Filter(settings: .default)
            for reading in readings[..<half] { try? whole.update(reading) }
            resumed.state = whole.state
            for reading in readings[half...] {
                try? whole.update(reading)
                try? resumed.update(reading)
            }
            if whole.state != resumed.state || whole.attitude != resumed.attitude { problems.append("\(Filter.name) does not resume") }
            if whole.state == Filter(settings: .default).state { problems.append("\(Filter.name) learned nothing") }
            whole.reset()
            if whole.state != Filter(settings: .default).state { problems.append("\(Filter.name) does not reset") }
        }
    }

    /// A saved state continues bit for bit; `reset()` gives the state before any sample.
    @Test func stateResumesAndResets() {
        var resume = Resume()
        BuiltInFilters.visitAll(&resume)
        #expect(resume.problems == [])
        var bias = BiasEstimatingFilter(), mahony = MahonyFilter()
        for reading in Self.readings {
            bias.update(reading)
            mahony.update(reading)
        }
        bias.state.reset()
        mahony.state.reset()
        #expect(bias.state == BiasEstimatingFilter().state && mahony.state == MahonyFilter().state)
    }

    /// Coefficients follow the settings; the bias estimate survives a change of settings.
    @Test func coefficientsFollowSettings() {
        var filter = BiasEstimatingFilter()
        #expect(filter.coefficients == BiasEstimatingFilter.Coefficients(.default))
        for reading in Self.readings { filter.update(reading) }
        let bias = filter.gyroscopeBias
        filter.settings.headingTimeConstant = 4
        filter.settings.restGyroscopeThreshold = Angles.radians(1)
        #expect(filter.coefficients == BiasEstimatingFilter.Coefficients(filter.settings))
        #expect(filter.coefficients.rest.gyroscopeThreshold == Angles.radians(1))
        #expect(filter.gyroscopeBias == bias && bias != .zero)
    }

    /// `FusionSettings` holds each built-in filter's settings, defaults until set.
    @Test func fusionSettingsHoldEachFiltersSettings() {
        var fusion = FusionSettings()
        #expect(fusion[MadgwickFilter.self] == .default && fusion[BiasEstimatingFilter.self] == .default)
        fusion[MadgwickFilter.self].beta = 0.3
        fusion[MahonyFilter.self].proportionalGain = 2
        #expect(fusion[MadgwickFilter.self].beta == 0.3 && fusion[MahonyFilter.self].proportionalGain == 2)
        #expect(fusion != FusionSettings())
        struct Beta: FilterVisitor {
            func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Double? {
                ((filter as? CheckedFilter<MadgwickFilter>)?.settings).map(\.beta)
            }
        }
        #expect(fusion.withFilter(.madgwick, Beta()) == 0.3)
        fusion[MadgwickFilter.self] = .default
        fusion[MahonyFilter.self] = .default
        #expect(fusion == FusionSettings())
        #expect(FilterName.builtIn == [.complementary, .mahony, .madgwick, .biasEstimating])
    }
}
