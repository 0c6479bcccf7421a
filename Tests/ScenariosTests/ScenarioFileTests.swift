import Capture
import Fusion
import Foundation
import Scenarios
import Simulation
import TestSupport
import Testing

/// The repository's scenarios/ directory.
let scenariosDirectory = Repository.scenarios

let shippedScenarios = [
    "orbit-72", "tripod-ideal", "shaky-hands", "vertical-drift", "motion-flood", "high-latency",
    "incomplete-orbit", "portrait-gimbal-lock", "magnetic-disturbance", "back-and-forth", "broad-like", "rephoto-fountain", "fast-walk",
    "broad-rotation", "broad-fast-rotation", "broad-translation", "broad-fast-translation", "broad-tapping", "broad-vibration",
    "broad-stationary-magnet", "broad-attached-magnet",
]

/// Parses YAML and returns the error it must produce.
func expectError(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigError? {
    do {
        _ = try ScenarioLoader.parse(yaml: yaml, fileName: "bad.yaml")
        Issue.record("expected an error for:\n\(yaml)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite struct ShippedScenarioTests {
    @Test(arguments: shippedScenarios)
    func shippedScenarioLoads(name: String) throws {
        let scenario = try ScenarioLoader.resolve(name, searchDirectories: [scenariosDirectory])
        #expect(scenario.name == name)
        #expect(!scenario.seeds.isEmpty)
        #expect(!scenario.description.isEmpty)
    }

    @Test func everyShippedFileIsListed() {
        #expect(ScenarioLoader.availableNames(in: [scenariosDirectory]) == shippedScenarios.sorted())
    }

    /// orbit-72.yaml spells out the built-in default; they must not drift apart.
    @Test func defaultFileEqualsBuiltInDefault() throws {
        let file = try ScenarioLoader.resolve("orbit-72", searchDirectories: [scenariosDirectory])
        let builtIn = try ScenarioLoader.builtInDefault()
        #expect(file == builtIn)
    }

    @Test func builtInDefaultAnswersWithoutFiles() throws {
        let scenario = try ScenarioLoader.resolve("orbit-72", searchDirectories: [])
        #expect(scenario == Scenario())
    }

    @Test func scenariosDifferWhereTheyShould() throws {
        func load(_ name: String) throws -> Scenario { try ScenarioLoader.resolve(name, searchDirectories: [scenariosDirectory]) }
        #expect(try load("portrait-gimbal-lock").world.orbit.deviceOrientation == .portrait)
        #expect(try load("motion-flood").world.motion.floodMode == .periodic)
        #expect(try load("incomplete-orbit").world.orbit.sweep == 250)
        #expect(try load("back-and-forth").world.orbit.reversals.count == 2)
        #expect(try load("magnetic-disturbance").world.environment.disturbances.count == 2)
        #expect(try load("tripod-ideal").world.walker.handJitter == 0)
        #expect(try load("vertical-drift").world.orbit.aim == .level)
        let tapping = try load("broad-tapping")
        #expect(tapping.kind == .handheld && tapping.world.moves == .handheld && tapping.world.handheld.tapInterval == 4)
        #expect(try load("broad-like").world.walker.restsDuringLeadIn)
        // The magnet's strength is drawn per seed by the calibrated spread (log-normal), not by
        // strength_spread.
        let magnet = try load("broad-attached-magnet")
        #expect(magnet.spread.contains { $0.key == .magnetStrength && $0.width > 0 })
        #expect(magnet.world.environment.disturbances.first?.strengthSpread == 1)
        let rephoto = try load("rephoto-fountain")
        #expect(rephoto.kind == .rephoto && rephoto.rephoto.keypoints.map(\.name) == ["P1", "P2", "P3", "P4"])
        #expect(rephoto.rephoto.keypoints[2].xPercent == 96.46 && rephoto.fusion.referenceFrame == .xMagneticNorthZVertical)
    }

    /// Each shipped `broad-*` scenario has its prior in scenarios/priors: the same name and
    /// kind, no per-seed spread (validate calibrates it), and the shipped one carries a spread.
    @Test func everyBroadScenarioHasItsPrior() throws {
        let broad = shippedScenarios.filter { $0.hasPrefix("broad-") && $0 != "broad-like" }
        let priors = try FileManager.default.contentsOfDirectory(atPath: scenariosDirectory + "/priors").filter { $0.hasSuffix(".yaml") }
        #expect(priors.sorted() == broad.map { $0 + ".yaml" }.sorted())
        for name in broad {
            let prior = try ScenarioLoader.load(path: scenariosDirectory + "/priors/\(name).yaml")
            let shipped = try ScenarioLoader.resolve(name, searchDirectories: [scenariosDirectory])
            #expect(prior.name == name && prior.kind == .handheld && prior.spread.isEmpty, "\(name)")
            #expect(shipped.kind == .handheld && !shipped.spread.isEmpty && shipped.seeds == Array(1...20), "\(name)")
        }
    }

    /// Writing a scenario out and reading it back gives the same scenario.
    @Test(arguments: shippedScenarios)
    func yamlRoundTrip(name: String) throws {
        let scenario = try ScenarioLoader.resolve(name, searchDirectories: [scenariosDirectory])
        let yaml = ScenarioLoader.yaml(for: scenario)
        let back = try ScenarioLoader.parse(yaml: yaml, fileName: "\(name).yaml")
        #expect(back == scenario)
    }

    @Test func unitConversionOfAccelerometerKeys() throws {
        let scenario = try ScenarioLoader.parse(yaml: "imu: {accelerometer: {noise_density_ug_rthz: 100, bias_mg: [1, 0, -2]}}", fileName: "a.yaml")
        #expect(abs(scenario.world.imu.accelerometer.noiseDensity - 100e-6 * 9.80665) < 1e-15)
        #expect(abs(scenario.world.imu.accelerometer.bias.z + 2e-3 * 9.80665) < 1e-15)
    }
}

@Suite struct RephotoScenarioTests {
    /// A key the scenario's kind ignores is an error at that key, not a silent no-op.
    @Test func sectionsOfTheOtherKindAreRejected() {
        let capture = expectError("rephoto: {users: 5}")
        #expect(capture?.keyPath == "rephoto" && capture?.message.contains("not used by capture scenarios") == true)
        let rephoto = expectError("kind: rephoto\norbit: {radius_m: 5}")
        #expect(rephoto?.keyPath == "orbit" && rephoto?.line == 2)
    }

    @Test func keypointsAreChecked() {
        #expect(expectError("kind: rephoto\nrephoto: {keypoints: []}")?.message == "needs at least one key point")
        let twice = expectError(
            "kind: rephoto\nrephoto: {keypoints: [{name: A, x_pct: 1, y_pct: 2, depth_m: 3}, {name: A, x_pct: 5, y_pct: 5, depth_m: 5}]}")
        #expect(twice?.message.contains("\"A\" is used twice") == true)
        let outside = expectError("kind: rephoto\nrephoto: {keypoints: [{name: A, x_pct: 101, y_pct: 2, depth_m: 3}]}")
        #expect(outside?.keyPath == "rephoto.keypoints[0].x_pct")
        #expect(expectError("kind: rephoto\nrephoto: {keypoints: [{x_pct: 1, y_pct: 2, depth_m: 3}]}")?.message == "key point 0 needs a name")
    }

    /// The resolved YAML of a scenario lists only the sections its kind uses, and reads back.
    @Test func resolvedYamlOmitsUnusedSections() throws {
        let rephoto = try ScenarioLoader.resolve("rephoto-fountain", searchDirectories: [scenariosDirectory])
        let yaml = ScenarioLoader.yaml(for: rephoto)
        #expect(yaml.contains("rephoto:") && !yaml.contains("orbit:") && !yaml.contains("selection:"))
        let capture = ScenarioLoader.yaml(for: Scenario())
        #expect(!capture.contains("rephoto:") && capture.contains("selection:"))
    }
}

/// Texts a YAML writer must quote (or escape) to read them back as the same text.
let awkwardTexts = [
    "a: b", "key: value # no comment", "#hash", " leading and trailing spaces ", "yes", "no", "on", "off", "null", "~", "true",
    "007", "1e3", "0x1F", ".inf", "-", "- item", "[not, a, list]", "{not: a map}", "'single'", "\"double\"", "back\\slash", "tab\tin",
    "line\nbreak", "carriage\rreturn", "bell\u{7}", "next\u{85}line", "line\u{2028}separator", "para\u{2029}graph", "é ü ß 温度 ✓ 🚀",
    "zero\u{200B}width", "nbsp\u{A0}", "&anchor", "*alias", "!tag", "%percent", "@at", "`tick`", "|pipe", ">fold", "?", "a,b", "trailing:",
]

@Suite struct ResolvedYAMLTests {
    /// `yaml(for:)` of every shipped scenario reads back to the same scenario.
    @Test(arguments: shippedScenarios)
    func readsBack(name: String) throws {
        let scenario = try ScenarioLoader.resolve(name, searchDirectories: [scenariosDirectory])
        #expect(try ScenarioLoader.parse(yaml: ScenarioLoader.yaml(for: scenario), fileName: "resolved.yaml") == scenario)
    }

    /// Texts with colons, '#', spaces at the ends, words YAML 1.1 reads as booleans or null,
    /// numbers, flow and block indicators, escapes, control characters and Unicode come back as
    /// written: as the description, the name and the rephoto key points' names.
    @Test func quotesAwkwardTexts() throws {
        var scenario = try ScenarioLoader.resolve("rephoto-fountain", searchDirectories: [scenariosDirectory])
        let template = scenario.rephoto.keypoints[0]
        scenario.rephoto.keypoints = awkwardTexts.map { name in
            var keypoint = template
            keypoint.name = name
            return keypoint
        }
        for text in awkwardTexts {
            scenario.description = text
            let yaml = ScenarioLoader.yaml(for: scenario)
            let back = try ScenarioLoader.parse(yaml: yaml, fileName: "resolved.yaml")
            #expect(back == scenario, "\(text.debugDescription) in\n\(yaml)")
        }
        for name in ["007", "yes", "1e3", "null", "a: b #c", "é ü ß 温度"] {
            scenario.name = name
            #expect(try ScenarioLoader.parse(yaml: ScenarioLoader.yaml(for: scenario), fileName: "resolved.yaml") == scenario, "\(name)")
        }
    }

    /// The YAML of overrides (tune's and calibrate's best values, ready to paste) reads back to
    /// the same values, texts included.
    @Test func fragmentReadsBack() throws {
        let overrides = try ["description=\"a: b # c\"", "orbit.radius_m=4", "rephoto.guidance=rectangle", "name='yes'"].map {
            try ConfigOverride(parsing: $0)
        }
        let (yaml, skipped) = ScenarioLoader.fragment(overrides)
        #expect(skipped.isEmpty)
        let node = try YAMLReader.parse(yaml)
        #expect(node["description"]?.content == .scalar("a: b # c", .quoted) && node["name"]?.content == .scalar("yes", .quoted))
        #expect(node["orbit"]?["radius_m"]?.content == .scalar("4", .plain) && node["rephoto"]?["guidance"]?.content == .scalar("rectangle", .plain))
    }
}

@Suite struct BadScenarioTests {
    @Test func unknownKeyNamesPathAndAllowedKeys() {
        let error = expectError("orbit:\n  radius_m: 3\n  radius: 4\n")
        #expect(error?.keyPath == "orbit.radius")
        #expect(error?.line == 3)
        #expect(error?.message.contains("unknown key") == true)
        #expect(error?.message.contains("radius_m") == true)
        #expect(error?.description.hasPrefix("bad.yaml:3: orbit.radius:") == true)
    }

    @Test func unknownTopLevelSection() {
        #expect(expectError("orbits: {}\n")?.keyPath == "orbits")
    }

    @Test func wrongTypeIsNamed() {
        let error = expectError("orbit:\n  radius_m: three\n")
        #expect(error?.keyPath == "orbit.radius_m")
        #expect(error?.message.contains("expected a number in 0.3...100") == true)
        #expect(expectError("orbit:\n  radius_m: \"3\"\n")?.message.contains("the text") == true)
        #expect(expectError("orbit: 5\n")?.message.contains("expected a mapping") == true)
        #expect(expectError("seeds: 5\n")?.message.contains("expected a list") == true)
        #expect(expectError("imu: {magnetometer: {enabled: maybe}}\n")?.keyPath == "imu.magnetometer.enabled")
        #expect(expectError("orbit: {device_orientation: sideways}\n")?.message.contains("landscape_right, landscape_left, portrait") == true)
    }

    @Test func outOfRangeNamesTheRange() {
        let error = expectError("camera:\n  fps: 500\n")
        #expect(error?.keyPath == "camera.fps")
        #expect(error?.message == "500 is out of range; allowed 1...240")
        #expect(expectError("camera: {width_px: 8}\n")?.message.contains("16...20000") == true)
        #expect(expectError("seeds: [1, -2]\n")?.keyPath == "seeds[1]")
    }

    @Test func nonFiniteNumbersAreRejected() {
        for text in [".inf", "-.inf", ".nan", "nan", "inf"] {
            let error = expectError("walker:\n  hand_jitter_deg: \(text)\n")
            #expect(error?.keyPath == "walker.hand_jitter_deg", "\(text)")
            #expect(error?.message.contains("finite") == true, "\(text)")
        }
    }

    @Test func wrongListShapes() {
        #expect(expectError("object: {center_m: [0, 1]}\n")?.message == "expected 3 components [x, y, z], found 2")
        #expect(expectError("imu: {magnetometer: {soft_iron: [1, 0, 0]}}\n")?.message == "expected 9 numbers, found 3")
        #expect(expectError("seeds: []\n")?.message == "needs at least one seed")
        #expect(expectError("seeds: [3, 3]\n")?.message == "seed 3 is listed twice")
        #expect(expectError("orbit: {reversals: [{at_deg: 50, back_dg: 3}]}\n")?.keyPath == "orbit.reversals[0].back_dg")
    }

    @Test func crossFieldChecks() {
        let exposure = expectError("camera: {fps: 60, exposure_s: 0.02}\n")
        #expect(exposure?.keyPath == "camera.exposure_s")
        #expect(exposure?.message.contains("frame interval") == true)
        #expect(expectError("orbit: {sweep_deg: 200, pauses: [{at_deg: 250, duration_s: 1}]}\n")?.keyPath == "orbit.pauses[0].at_deg")
        #expect(expectError("orbit: {reversals: [{at_deg: 20, back_deg: 30}]}\n")?.keyPath == "orbit.reversals[0].back_deg")
        #expect(expectError("imu: {rate_hz: 100, magnetometer: {rate_hz: 200}}\n")?.keyPath == "imu.magnetometer")
        #expect(expectError("orbit: {camera_height_m: 9, radius_m: 1}\n")?.keyPath == "orbit")
        #expect(expectError("imu: {magnetometer: {soft_iron: [1, 0, 0, 0, 0, 0, 0, 0, 1]}}\n")?.message == "matrix is singular")
    }

    @Test func malformedYAMLReportsLine() {
        let error = expectError("orbit:\n  radius_m: [1, 2\nwalker: {}\n")
        #expect(error?.message.hasPrefix("not valid YAML") == true)
        #expect(error?.line != nil)
        #expect(expectError("orbit: {}\norbit: {}\n")?.message.contains("duplicate key orbit") == true)
    }

    @Test func missingFileAndUnknownName() {
        do {
            _ = try ScenarioLoader.load(path: "/nonexistent/x.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/x.yaml: no such file")
        }
        do {
            _ = try ScenarioLoader.resolve("no-such-scenario", searchDirectories: [scenariosDirectory])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("known: back-and-forth"))
        }
    }
}

@Suite struct OverrideTests {
    @Test func overridesSetNestedKeysAndListItems() throws {
        let overrides = try ["orbit.radius_m=4.5", "walker.hand_jitter_deg=0", "orbit.reversals.0.at_deg=120", "imu.gyroscope.bias_dps=[0.1, 0, 0]"]
            .map { text throws(ConfigError) in try ConfigOverride(parsing: text) }
        let scenario = try ScenarioLoader.resolve("back-and-forth", searchDirectories: [scenariosDirectory], overrides: overrides)
        #expect(scenario.world.orbit.radius == 4.5)
        #expect(scenario.world.walker.handJitter == 0)
        #expect(scenario.world.orbit.reversals[0].atDegrees == 120)
        #expect(abs(scenario.world.imu.gyroscope.bias.x - 0.1) < 1e-15)
    }

    @Test func overridesAreValidatedLikeTheFile() throws {
        let tooFast = try ConfigOverride(parsing: "camera.fps=1000")
        #expect(throws: ConfigError.self) { try ScenarioLoader.builtInDefault(overrides: [tooFast]) }
        let unknown = try ConfigOverride(parsing: "camera.frames_per_second=30")
        do {
            _ = try ScenarioLoader.builtInDefault(overrides: [unknown])
            Issue.record("expected an error")
        } catch {
            #expect(error.keyPath == "camera.frames_per_second")
        }
        #expect(throws: ConfigError.self) { try ConfigOverride(parsing: "camera.fps") }
        #expect(throws: ConfigError.self) { try ConfigOverride(parsing: "camera..fps=3") }
        let missingItem = try ConfigOverride(parsing: "orbit.reversals.3.at_deg=10")
        #expect(throws: ConfigError.self) {
            try ScenarioLoader.resolve("back-and-forth", searchDirectories: [scenariosDirectory], overrides: [missingItem])
        }
    }

    @Test func keyReferenceCoversEveryKey() {
        // The schema's own keys, each once; plug-ins registered by tests running beside this one
        // add their parameters (two plug-ins may declare one name: a row each, naming its plug-in).
        let keys = ScenarioLoader.keyReference().map(\.key).filter { !$0.contains(".parameters.") || $0.hasSuffix(".<name>") }
        #expect(keys.contains("orbit.radius_m"))
        #expect(keys.contains("imu.gyroscope.noise_density_dps_rthz"))
        #expect(keys.contains("motion.flood.rate_hz"))
        #expect(keys.contains("orbit.reversals[i].at_deg"))
        #expect(Set(keys).count == keys.count)
        #expect(keys.count > 90)
    }
}

@Suite struct RegressionSuiteFileTests {
    /// The committed suite runs every shipped capture and rephoto scenario and checks the
    /// DESIGN §5 metrics. Handheld scenarios measure fusion only (`orbitbench fusion`), which
    /// regress does not run.
    @Test func suiteCoversEveryShippedScenario() throws {
        let suite = try RegressionSuite.load(path: scenariosDirectory + "/regression.yaml")
        let runnable = try shippedScenarios.filter { try ScenarioLoader.resolve($0, searchDirectories: [scenariosDirectory]).kind != .handheld }
        #expect(runnable.count == shippedScenarios.count - 8)
        #expect(Set(suite.entries.map(\.scenario)) == Set(runnable))
        #expect(suite.entries.allSatisfy { !$0.seeds.isEmpty })
        let checked = Set(suite.tolerances.map(\.metric))
        for metric in ["coverage", "blur_sel_mean_px", "slot_angle_err_mean_deg", "att_rmse_total_deg", "kp_err_mean"] {
            #expect(checked.contains(metric), "\(metric)")
        }
    }

    @Test func toleranceAllowanceIsTheLargerOfAbsoluteAndRelative() {
        var tolerance = MetricTolerance()
        tolerance.absolute = 0.01
        tolerance.relative = 0.02
        #expect(tolerance.allowance(around: 0.2) == 0.01)
        #expect(abs(tolerance.allowance(around: -3) - 0.06) < 1e-15)
    }
}

@Suite struct PluginParameterTests {
    /// Declared parameters: defaults filled in, values checked against the declared range,
    /// written back sorted; an undeclared name or a value out of range is a one-line error
    /// naming the key, the plug-in and what it declares.
    @Test func declaredParametersAreCheckedAndFilled() throws {
        try SelectorRegistry.register(
            "parameter-test-selector",
            parameters: [
                PluginParameter("zeta", default: 0, range: -10...10, help: "z"), PluginParameter("alpha", default: 1, range: -5...5, help: "a"),
                PluginParameter("added", default: 0, range: 0...100, unit: "px", help: "b"),
            ]
        ) { OuterCircleSelector(settings: $0) }
        try FilterRegistry.register("parameter-test-filter", parameters: [PluginParameter("gain", default: 0.1, range: 0...1, help: "g")]) { _ in
            MadgwickFilter()
        }
        defer {
            SelectorRegistry.unregister("parameter-test-selector")
            FilterRegistry.unregister("parameter-test-filter")
        }
        let plugged = "selection: {selector: parameter-test-selector, parameters: {zeta: 1.5, alpha: -2}}\nfusion: {filter: parameter-test-filter}"
        let scenario = try ScenarioLoader.parse(
            yaml: plugged, fileName: "p.yaml", overrides: [try ConfigOverride(parsing: "selection.parameters.added=7")])
        #expect(scenario.selection.parameters == ["zeta": 1.5, "alpha": -2, "added": 7])
        #expect(scenario.fusion.parameters == ["gain": 0.1])  // the default, filled in
        let yaml = ScenarioLoader.yaml(for: scenario)
        #expect(yaml.contains("parameters:"))
        #expect(try ScenarioLoader.parse(yaml: yaml, fileName: "p.yaml") == scenario)
        #expect(ScenarioLoader.numericKey("selection.parameters.added")?.range == 0...100)
        #expect(
            ScenarioLoader.keyReference().contains {
                $0.key == "fusion.parameters.gain" && $0.defaultValue == "0.1" && $0.help.contains("parameter-test-filter")
            })
        #expect(ScenarioLoader.numericKey("selection.weights.anything") == nil)
        let cases = [
            (
                plugged.replacingOccurrences(of: "zeta", with: "zeat"),
                "p.yaml:1: selection.parameters.zeat: selector 'parameter-test-selector' has no parameter 'zeat'; its parameters: zeta, alpha, added"
            ),
            (
                plugged.replacingOccurrences(of: "zeta: 1.5", with: "zeta: 11"),
                "selection.parameters.zeta: 11 is outside -10...10, the range selector 'parameter-test-selector' declares"
            ),
            ("selection: {parameters: {x: 1}}", "selection.parameters.x: selector 'outer-circle' has no parameter 'x'; it declares no parameters"),
            ("fusion: {parameters: {gain: 1}}", "fusion.parameters.gain: filter 'bias-estimating' has no parameter 'gain'"),
            ("selection: {parameters: {Bad: 1}}", "a parameter name is"), ("selection: {parameters: {x: abc}}", "expected a number"),
            ("selection: {parameters: [1, 2]}", "expected a mapping of names to numbers"),
        ]
        for (bad, message) in cases {
            do {
                _ = try ScenarioLoader.parse(yaml: bad, fileName: "p.yaml")
                Issue.record("accepted: \(bad)")
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
        // A typo on the command line names the command line.
        do {
            _ = try ScenarioLoader.parse(yaml: plugged, fileName: "p.yaml", overrides: [try ConfigOverride(parsing: "selection.parameters.zet=1")])
            Issue.record("accepted the typo")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "--set selection.parameters.zet=1: selection.parameters.zet: selector 'parameter-test-selector' has no parameter"))
        }
    }

    /// Registration refuses declarations it could not check values against.
    @Test func badDeclarationsAreRefused() {
        let cases: [([PluginParameter], String)] = [
            ([PluginParameter("w", default: 1, range: 0...1, help: ""), PluginParameter("w", default: 0, range: 0...1, help: "")], "declared twice"),
            ([PluginParameter("w", default: 2, range: 0...1, help: "")], "default 2.0 outside its range"),
            ([PluginParameter("w", default: 0, range: 0...Double.infinity, help: "")], "needs a finite range"),
            ([PluginParameter("W-1", default: 0, range: 0...1, help: "")], "must be 1–64 characters"),
            ([PluginParameter("w", default: 0, range: 0...1, help: "two\nlines")], "of one line"),
        ]
        for (parameters, message) in cases {
            do {
                try SelectorRegistry.register("bad-declaration-test", parameters: parameters) { OuterCircleSelector(settings: $0) }
                SelectorRegistry.unregister("bad-declaration-test")
                Issue.record("registered \(parameters)")
            } catch {
                #expect(error.message.contains(message), "\(error)")
            }
        }
    }
}

/// YAML the library would take minutes or gigabytes over is refused first.
@Suite struct YAMLBoundsTests {
    @Test func screenedConstructs() throws {
        // Found by fuzzing: complex keys made of aliases made composing take minutes.
        #expect(throws: ConfigError.self) { try YAMLReader.parse("? [a, b]\n: c\n") }
        #expect(throws: ConfigError.self) { try YAMLReader.parse("x: &a 1\n" + (0..<65).map { "k\($0): *a" }.joined(separator: "\n")) }
        let fine = try YAMLReader.parse("description: Why? Because *stars* and a - b\nlist: [1, 2]\nx: &a 1\ny: *a\n")
        #expect(
            fine["y"]?.content == ConfigNode.plain("1").content
                && fine["description"]?.content == ConfigNode.plain("Why? Because *stars* and a - b").content)
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(throws: ConfigError.self) { try YAMLReader.parse(bomb) }  // 10⁷ values once expanded
        #expect(throws: ConfigError.self) { try YAMLReader.parse(String(repeating: "# comment line\n", count: 400_000)) }  // > 4 MiB
    }
}
