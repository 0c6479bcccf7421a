import Capture
import Foundation
import Fusion
import OrbitMath
import ReportIO
import Simulation

/// What a scenario measures.
public enum ScenarioKind: String, CaseIterable, Sendable {
    /// A 360° capture orbit: selection coverage, blur, angles.
    case capture
    /// A rephotography study: simulated people retake a reference photograph with the
    /// thesis's guidance; key-point alignment (thesis 6.2).
    case rephoto
    /// A hand-held IMU recording like a BROAD trial (the `handheld` block instead of the
    /// orbit): attitude-fusion accuracy only, for `fusion` and `simulate`.
    case handheld

    /// Top-level sections this kind ignores (they must stay at their defaults).
    public var unusedSections: [String] {
        switch self {
        case .capture: return ["rephoto", "handheld"]
        case .rephoto: return ["orbit", "walker", "object", "motion", "pipeline", "selection", "handheld", "trajectory"]
        case .handheld: return ["orbit", "walker", "object", "motion", "pipeline", "selection", "rephoto"]
        }
    }
}

/// A complete experiment: the simulated world and the seeds to run it with.
public struct Scenario: Sendable, Equatable {
    public var name = Scenario.defaultName
    public var description = "Hand-held landscape-right orbit around an object, 72 slots, casual walking."
    public var kind = ScenarioKind.capture {
        didSet { world.moves = kind == .handheld ? .handheld : .orbit }
    }
    public var seeds: [UInt64] = Array(1...10)
    public var world = WorldSettings()
    public var fusion = FusionScenarioSettings()
    public var selection = CaptureSettings()
    /// Used when `kind` is `.rephoto`.
    public var rephoto = RephotoSettings()
    /// A recorded motion instead of the modelled walk or hand (capture, handheld); loaded into
    /// `world.imported` by `ScenarioLoader`.
    public var trajectory = TrajectoryImport()
    /// Keys a hand-held scenario draws afresh for every seed (`drawn(seed:)`); empty: every
    /// seed simulates the keys as they are.
    public var spread: [KeySpread] = []

    /// The built-in default scenario: every key at its default.
    public static let defaultName = "orbit-72"

    public init() {}
}

extension ConfigSchema where Root == Scenario {
    /// The whole scenario file.
    public static var scenario: ConfigSchema {
        let fields: [ConfigField<Scenario>] = [
            .text("name", \.name, help: "scenario name (output folder: no '/', control characters or leading '.'); defaults to the file name"),
            .text("description", \.description, help: "one line shown in reports"),
            .choice("kind", \.kind, help: "what the scenario measures"),
            .seeds("seeds", \.seeds, 0...4_294_967_295, help: "seeds to run; each gives an independent run"),
            .section("orbit", \.world.orbit, .orbit, help: "the planned walk"),
            .section("walker", \.world.walker, .walker, help: "the person's imperfections"),
            .section("object", \.world.object, .object, help: "the object being captured"),
            .section("imu", \.world.imu, .imu, help: "inertial sensors"),
            .section("environment", \.world.environment, .environment, help: "gravity and magnetic field"),
            .section("motion", \.world.motion, .motion, help: "DeviceMotion delivery"),
            .section("camera", \.world.camera, .camera, help: "camera and frame delivery"),
            .section("pipeline", \.world.pipeline, .pipeline, help: "the app's processing queue"),
            .section("fusion", \.fusion, .fusion, help: "attitude fusion (the CoreMotion stand-in)"),
            .section("selection", \.selection, .selection, help: "the capture app's frame selection"),
            .section("rephoto", \.rephoto, .rephoto, help: "the rephotography study (kind: rephoto)"),
            .section("handheld", \.world.handheld, .handheld, help: "the hand-held motion (kind: handheld)"),
            .section(
                "trajectory", \.trajectory, .trajectory,
                help: "a recorded motion (TUM, EuRoC, BROAD, CSV) instead of the modelled walk or hand (capture, handheld)"),
            .list(
                "spread", \.spread, .keySpread, template: KeySpread(),
                help: "keys drawn afresh for every seed, each about its value (handheld; what `orbitbench validate` calibrates)"),
        ]
        let checks: [(Scenario) -> ConfigProblem?] = [
            // The name becomes an output folder (reports/<name>/, reports/sweeps/<name>/).
            { scenario in
                OutputPath.problem(withName: scenario.name).map {
                    ConfigProblem(
                        "name", "\(OutputPath.quoted(scenario.name)) cannot name an output folder: it \($0); use letters, digits, '-', '_' and '.'")
                }
            },
            unusedSections,
            Scenario.spreadProblem,
            { scenario in
                let toCenter = scenario.world.object.center.z - scenario.world.orbit.cameraHeight
                let elevation = Angles.degrees(atan2(abs(toCenter), scenario.world.orbit.radius))
                return elevation < 75
                    ? nil
                    : ConfigProblem(
                        "orbit",
                        "the camera would look \(Int(elevation))° up or down at the object (limit 75°): change camera_height_m, radius_m or object.center_m"
                    )
            },
            { scenario in
                guard scenario.kind != .handheld, !scenario.trajectory.isEnabled else { return nil }
                let duration = ProgressProfile(orbit: scenario.world.orbit).duration
                return scenario.world.camera.recordStart < duration - 1
                    ? nil
                    : ConfigProblem(
                        "camera",
                        "record_start_s \(ConfigNumber.format(scenario.world.camera.recordStart)) must be at least 1 s before the walk ends (\(ConfigNumber.format(duration)) s)"
                    )
            },
            { scenario in
                // Each simulated IMU sample costs about 1 KB with everything derived from it;
                // a run beyond the budget would exhaust memory long after starting.
                guard scenario.kind != .rephoto, !scenario.trajectory.isEnabled else { return nil }
                let handheld = scenario.kind == .handheld
                let duration = handheld ? scenario.world.handheld.duration : ProgressProfile(orbit: scenario.world.orbit).duration
                let samples = duration * scenario.world.imu.rate
                let limit = ScenarioLimits.maximumImuSamples
                return samples <= Double(limit)
                    ? nil
                    : ConfigProblem(
                        handheld ? "handheld" : "orbit",
                        "the \(handheld ? "recording" : "walk") lasts \(ConfigNumber.format(duration.rounded())) s at \(ConfigNumber.format(scenario.world.imu.rate)) Hz: \(ConfigNumber.format(samples.rounded())) IMU samples, more than the \(limit) one run may simulate (about 1 KB each); shorten it (\(handheld ? "handheld.motion_s, handheld.lead_in_s" : "orbit.speed_deg_s, orbit.sweep_deg"), imu.rate_hz) or raise the limit with ORBITBENCH_MAX_SAMPLES"
                    )
            },
        ]
        return ConfigSchema(fields, checks: checks)
    }

    /// A key that the scenario's kind ignores is a mistake, not a no-op: report the first
    /// section that differs from its defaults.
    private static func unusedSections(_ scenario: Scenario) -> ConfigProblem? {
        let defaults = Scenario()
        let isDefault: [String: Bool] = [
            "rephoto": scenario.rephoto == defaults.rephoto, "handheld": scenario.world.handheld == defaults.world.handheld,
            "orbit": scenario.world.orbit == defaults.world.orbit, "walker": scenario.world.walker == defaults.world.walker,
            "object": scenario.world.object == defaults.world.object, "motion": scenario.world.motion == defaults.world.motion,
            "pipeline": scenario.world.pipeline == defaults.world.pipeline, "selection": scenario.selection == defaults.selection,
        ]
        if let section = scenario.kind.unusedSections.first(where: { isDefault[$0] == false }) {
            return ConfigProblem(section, "not used by \(scenario.kind.rawValue) scenarios; remove it (kind is \(scenario.kind.rawValue))")
        }
        guard scenario.trajectory != defaults.trajectory else { return nil }
        guard scenario.kind != .rephoto else { return ConfigProblem("trajectory", "not used by rephoto scenarios; remove it") }
        guard scenario.trajectory.isEnabled else { return ConfigProblem("trajectory", "needs source (the pose file)") }
        // The recorded motion replaces the walk (all but how the phone is held) or the hand.
        var orbit = scenario.world.orbit
        orbit.deviceOrientation = defaults.world.orbit.deviceOrientation
        let replaced: [(String, Bool)] = [
            ("orbit", orbit == defaults.world.orbit), ("walker", scenario.world.walker == defaults.world.walker),
            ("handheld", isDefault["handheld"] == true),
        ]
        guard let section = replaced.first(where: { !$0.1 })?.0 else { return nil }
        return ConfigProblem(
            section,
            "not used with a recorded trajectory (trajectory.source replaces the modelled motion)\(section == "orbit" ? " except device_orientation" : ""); remove it"
        )
    }
}
