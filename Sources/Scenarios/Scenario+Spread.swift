import ConfigKit
import Simulation

/// A key a hand-held scenario draws afresh for every seed: the trials a scenario describes
/// differ in how hard and how long the hand moves, not only in their sensors' noise.
public struct KeySpread: Sendable, Equatable {
    public var key = CalibrationKey.tiltRMS
    /// Standard deviation of the draws: of ln(value) for the key's log scale, in the key's
    /// unit for linear keys (`CalibrationKey.scale`).
    public var width = 0.0
    /// Whether `key` was given (a scenario file's entry must name it).
    var isNamed = false

    /// `key` as a scenario file sets it.
    var namedKey: CalibrationKey {
        get { key }
        set {
            key = newValue
            isNamed = true
        }
    }

    public init() {}

    public init(key: CalibrationKey, width: Double) {
        self.key = key
        self.width = width
        isNamed = true
    }
}

extension Scenario {
    /// The scenario seed `seed` simulates: each key in `spread` drawn about the scenario's
    /// value (`CalibrationKey.drawn(about:width:z:)`, one standard normal deviate per key from
    /// the stream "validate.<key>" of the seed: the draws of `orbitbench validate`, so a
    /// scenario it calibrated predicts what it predicted, seed for seed). Keys are drawn in
    /// `CalibrationKey` order; when motion_s is drawn the break count is written again for the
    /// new length (`break_every_s` depends on it). Without a spread: the scenario itself.
    public func drawn(seed: UInt64) throws(GSLError) -> Scenario {
        guard !spread.isEmpty else { return self }
        var drawn = self
        let widths = Dictionary(spread.map { ($0.key, $0.width) }, uniquingKeysWith: { first, _ in first })
        for key in CalibrationKey.allCases {
            guard let centre = key.value(in: self) else { continue }
            if let width = widths[key], width > 0 {
                let z = try RandomStream(seed: seed, source: "validate." + key.rawValue).gaussianPolar()
                key.set(key.drawn(about: centre, width: width, z: z), in: &drawn)
            } else if key == .breakCount, (widths[.motionDuration] ?? 0) > 0 {
                key.set(centre, in: &drawn)
            }
        }
        return drawn
    }
}

extension ConfigSchema where Root == KeySpread {
    static var keySpread: ConfigSchema {
        ConfigSchema([
            .choice("key", \.namedKey, help: "the key drawn per seed (the keys `orbitbench validate` calibrates)"),
            .number("width", \.width, 0...10_000, help: "SD of the draws: of ln(value) for log-scale keys, in the key's unit otherwise"),
        ])
    }
}

extension Scenario {
    /// `spread` is for the modelled hand, and names each key once.
    static func spreadProblem(_ scenario: Scenario) -> ConfigProblem? {
        guard !scenario.spread.isEmpty else { return nil }
        guard scenario.kind == .handheld, !scenario.trajectory.isEnabled else {
            return ConfigProblem("spread", "only hand-held scenarios with a modelled hand draw keys per seed; remove it")
        }
        var seen = Set<CalibrationKey>()
        for (index, item) in scenario.spread.enumerated() {
            let key = item.key, path = "spread[\(index)]"
            guard item.isNamed else { return ConfigProblem("\(path).key", "missing: name the key each seed draws") }
            guard seen.insert(key).inserted else { return ConfigProblem("\(path).key", "\(key.rawValue) is listed twice; keep one") }
            guard item.width > 0 else { return ConfigProblem("\(path).width", "0 draws nothing; remove the entry or give a width") }
            guard let centre = key.value(in: scenario) else {
                return ConfigProblem("\(path).key", "\(key.rawValue) needs a body-frame disturbance in environment.disturbances")
            }
            // A centre the draws could not return to would move the key on every seed.
            guard key.limits.contains(centre), key.scale == .linear || centre > 0 else {
                return ConfigProblem(
                    "\(path).key",
                    "\(key.rawValue) is \(ConfigNumber.format(centre)); a drawn key must lie in \(ConfigNumber.format(key.limits.lowerBound))...\(ConfigNumber.format(key.limits.upperBound))\(key.scale == .log ? " and above 0" : "")"
                )
            }
        }
        return nil
    }
}
