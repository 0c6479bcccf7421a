import Foundation
import Scenarios
import Simulation
import TestSupport
import Testing

/// A hand-held scenario's `spread:` draws its keys per seed as `orbitbench validate` does.
@Suite struct ScenarioSpreadTests {
    static func handheld(_ spread: String = "") throws -> Scenario {
        try ScenarioLoader.parse(
            yaml: """
                kind: handheld
                handheld: {motion_s: 100, break_every_s: 25, tilt_rms_deg: 20, lever_arm_m: [0.1, 0, 0]}
                \(spread)
                """, fileName: "hand.yaml")
    }

    /// Each key is drawn from its own stream, "validate.<key>": value·exp(width·z) for a log key,
    /// value + width·z for a linear one (z worked out here from the stream itself).
    @Test func drawsFollowTheFormulaAndTheStreams() throws {
        let scenario = try Self.handheld(
            """
            spread:
              - key: handheld.tilt_rms_deg
                width: 0.5
              - key: handheld.lever_arm_m[0]
                width: 0.02
            """)
        for seed: UInt64 in [1, 7, 123] {
            let drawn = try scenario.drawn(seed: seed)
            let tilt = try RandomStream(seed: seed, source: "validate.handheld.tilt_rms_deg").gaussianPolar()
            let lever = try RandomStream(seed: seed, source: "validate.handheld.lever_arm_m[0]").gaussianPolar()
            #expect(abs(drawn.world.handheld.tiltRMS - 20 * exp(0.5 * tilt)) <= 1e-12 * 20 * exp(0.5 * tilt))
            #expect(abs(drawn.world.handheld.leverArm.x - (0.1 + 0.02 * lever)) <= 1e-15)
            #expect(drawn.world.handheld.headingRMS == scenario.world.handheld.headingRMS && drawn.seeds == scenario.seeds)
        }
    }

    /// Over many seeds ln(drawn / value) / width is standard normal: mean within 0.05 of 0,
    /// SD within 0.05 of 1 (2 000 seeds: their standard errors are 0.022 and 0.016).
    @Test func logDrawsAreLogNormalWithTheWidth() throws {
        let scenario = try Self.handheld("spread:\n  - key: handheld.tilt_rms_deg\n    width: 0.3")
        let z = try (1...2000).map { seed in log(try scenario.drawn(seed: UInt64(seed)).world.handheld.tiltRMS / 20) / 0.3 }
        let mean = z.reduce(0, +) / Double(z.count)
        let sd = (z.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(z.count - 1)).squareRoot()
        #expect(abs(mean) < 0.05 && abs(sd - 1) < 0.05, "mean \(mean), sd \(sd)")
    }

    /// A draw outside the key's range is clamped to it; a drawn motion keeps its break count
    /// (break_every_s is written again for the new length).
    @Test func drawsAreClampedAndKeepTheBreakCount() throws {
        let scenario = try Self.handheld(
            "spread:\n  - key: handheld.tilt_rms_deg\n    width: 10\n  - key: handheld.motion_s\n    width: 30")
        #expect(scenario.world.handheld.breakCount == 3)
        var clamped = 0
        for seed: UInt64 in 1...50 {
            let hand = try scenario.drawn(seed: seed).world.handheld
            #expect((0.5...120).contains(hand.tiltRMS))
            if hand.tiltRMS == 0.5 || hand.tiltRMS == 120 { clamped += 1 }
            #expect(hand.breakCount == 3 && abs(hand.breakEvery - hand.motionDuration / 4) < 1e-9, "\(hand.motionDuration) \(hand.breakEvery)")
        }
        #expect(clamped > 10, "\(clamped) of 50 clamped")
    }

    /// Without a spread a seed simulates the scenario itself, and the resolved YAML has no
    /// `spread` section; with one, the YAML reads back to the same scenario.
    @Test func emptySpreadChangesNothingAndSpreadRoundTrips() throws {
        let plain = try Self.handheld()
        #expect(try plain.drawn(seed: 4) == plain && !ScenarioLoader.yaml(for: plain).contains("spread"))
        let spread = try Self.handheld("spread:\n  - key: imu.delay_ms\n    width: 0.25")
        let yaml = ScenarioLoader.yaml(for: spread)
        #expect(yaml.contains("spread:\n- key: imu.delay_ms\n  width: 0.25"), "\(yaml)")
        #expect(try ScenarioLoader.parse(yaml: yaml, fileName: "back.yaml") == spread)
    }

    /// Bad spreads are one-line errors naming the entry.
    @Test func badSpreadsAreErrors() throws {
        let unknown = try #require(expectError("kind: handheld\nspread:\n  - key: handheld.colour\n    width: 1"))
        #expect(unknown.description.contains("spread[0].key"), "\(unknown)")
        let twice = try #require(
            expectError("kind: handheld\nspread:\n  - key: imu.delay_ms\n    width: 1\n  - key: imu.delay_ms\n    width: 2"))
        #expect(twice.description.contains("spread[1].key") && twice.description.contains("twice"), "\(twice)")
        let capture = try #require(expectError("spread:\n  - key: imu.delay_ms\n    width: 1"))
        #expect(capture.description.contains("spread") && capture.description.contains("hand-held"), "\(capture)")
        let magnet = try #require(expectError("kind: handheld\nspread:\n  - key: environment.disturbances[body].start_s\n    width: 1"))
        #expect(magnet.description.contains("body-frame disturbance"), "\(magnet)")
        let negative = try #require(expectError("kind: handheld\nspread:\n  - key: imu.delay_ms\n    width: -1"))
        #expect(negative.description.contains("spread[0].width"), "\(negative)")
        let nameless = try #require(expectError("kind: handheld\nspread:\n  - width: 0.3"))
        #expect(nameless.description.contains("spread[0].key") && nameless.description.contains("missing"), "\(nameless)")
        let zero = try #require(expectError("kind: handheld\nspread:\n  - key: imu.delay_ms\n    width: 0"))
        #expect(zero.description.contains("spread[0].width") && zero.description.contains("draws nothing"), "\(zero)")
        // A centre outside the key's limits (tilt 0.5...120°) would move the key on every seed.
        let outside = try #require(expectError("kind: handheld\nhandheld: {tilt_rms_deg: 0}\nspread:\n  - key: handheld.tilt_rms_deg\n    width: 1"))
        #expect(outside.description.contains("spread[0].key") && outside.description.contains("0.5...120"), "\(outside)")
    }
}
