import Foundation
import OrbitBench
import TestSupport
import Testing

/// Every kind of summary.json against docs/summary.schema.json.
@Suite struct SummarySchemaTests {
    let validator: JSONSchemaValidator

    init() throws {
        validator = try JSONSchemaValidator(schemaFile: Repository.root.appendingPathComponent("docs/summary.schema.json"))
    }

    func scenario(_ name: String) throws -> Scenario {
        try ScenarioSource(reference: name, searchDirectories: [Repository.scenarios]).resolve()
    }

    @Test func captureSummaryFollowsTheSchema() throws {
        let scenario = try scenario("tripod-ideal")
        let results = try [1, 2].map { try CaptureRunner.run(scenario, seed: $0) }
        let summary = CaptureReport.summary(scenario: scenario, results)
        let data = try summary.jsonData()
        #expect(try validator.violations(of: data) == [])
        // Typed numbers, a spread per metric, the unit from the metric table.
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let settings = object["settings"] as! [String: Any]
        #expect(settings["slots"] as? Int == 72 && settings["flood_guard"] as? Bool == true)
        let coverage = (object["metrics"] as! [String: Any])["coverage"] as! [String: Any]
        #expect(coverage["n"] as? Int == 2 && coverage["unit"] as? String == "fraction")
        let meanCoverage: Double = results.map(\.metrics.coverage).reduce(0, +) / 2
        #expect(coverage["mean"] as? Double == meanCoverage)
        // Reads back to the same value.
        #expect(try JSONDecoder().decode(RunSummary.self, from: data) == summary)
    }

    @Test func rephotoSummaryFollowsTheSchema() throws {
        var scenario = try scenario("rephoto-fountain")
        scenario.rephoto.users = 3
        let results = try [1, 2].map { try RephotoStudy.run(scenario, seed: $0) }
        let data = try RephotoReport.summary(scenario: scenario, results, thesis: nil).jsonData()
        #expect(try validator.violations(of: data) == [])
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect((object["keypoints"] as? [Any])?.count == results[0].keypointNames.count + 1)
        #expect((object["metrics"] as? [String: Any])?["kp_err_mean_P1"] != nil)
    }

    @Test func replaySummaryFollowsTheSchema() throws {
        let scenario = try scenario("orbit-72")
        let result = try CaptureRunner.run(scenario, seed: 1)
        let data = try ReplayReport.summary(result, name: "session", scenario: scenario).jsonData()
        #expect(try validator.violations(of: data) == [])
    }

    /// The validator is not a rubber stamp: the old layout (numbers as strings, no layout or
    /// kind) and a spread with a string mean both fail, each with its path.
    @Test func validatorRejectsWrongLayouts() throws {
        let old = #"{"tool": "orbitbench 0.1.0", "scenario": "x", "settings": {"slots": "72"}, "metrics": {}}"#
        let problems = try validator.violations(of: Data(old.utf8))
        #expect(problems.contains("$: missing layout") && problems.contains("$: unexpected key scenario"))
        let summary = CaptureReport.summary(scenario: try scenario("tripod-ideal"), [try CaptureRunner.run(try scenario("tripod-ideal"), seed: 1)])
        var object = try JSONSerialization.jsonObject(with: summary.jsonData()) as! [String: Any]
        var metrics = object["metrics"] as! [String: Any]
        var coverage = metrics["coverage"] as! [String: Any]
        coverage["mean"] = "1.0"
        coverage["unit"] = "percent"
        metrics["coverage"] = coverage
        object["metrics"] = metrics
        let broken = try validator.violations(of: JSONSerialization.data(withJSONObject: object))
        #expect(broken.contains("$.metrics.coverage.mean: expected number, found string"))
        #expect(broken.contains { $0.hasPrefix("$.metrics.coverage.unit: percent is not one of") })
    }
}
