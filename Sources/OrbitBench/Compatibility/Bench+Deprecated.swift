import Foundation
import ReportFormats

// The 0.1 report writers took `plots: Bool`; since 0.2 they take the figures' format
// (`figures: .png`, `.svg`, `.pdf`, or nil for none). Kept for one minor version (CHANGELOG.md).
extension Bench {
    @available(*, deprecated, message: "use writeReport(_:_:to:figures:origin:overwrite:render:failures:); plots: true is figures: .png")
    @discardableResult
    public static func writeReport(
        _ scenario: Scenario, _ outcome: Outcome, to directory: String, plots: Bool, origin: ReportOrigin = ReportOrigin(command: "run"),
        overwrite: Bool = false, render: FrameImages.Settings? = nil
    ) throws -> String {
        try writeReport(scenario, outcome, to: directory, figures: plots ? .png : nil, origin: origin, overwrite: overwrite, render: render)
    }

    @available(*, deprecated, message: "use writeCaptureReport(_:_:to:figures:origin:overwrite:render:failures:); plots: true is figures: .png")
    @discardableResult
    public static func writeCaptureReport(
        _ scenario: Scenario, _ results: [CaptureRunResult], to directory: String, plots: Bool,
        origin: ReportOrigin = ReportOrigin(command: "run"), overwrite: Bool = false, render: FrameImages.Settings? = nil
    ) throws -> RenderOutcome? {
        try writeCaptureReport(scenario, results, to: directory, figures: plots ? .png : nil, origin: origin, overwrite: overwrite, render: render)
    }

    @available(
        *, deprecated, message: "use writeFusionReport(_:scenarios:useMagnetometer:to:figures:origin:overwrite:); plots: true is figures: .png"
    )
    @discardableResult
    public static func writeFusionReport(
        _ rows: [FusionReport.Row], scenarios: [Scenario], useMagnetometer: Bool, to directory: String, plots: Bool,
        origin: ReportOrigin = ReportOrigin(command: "fusion"), overwrite: Bool = false
    ) throws -> String {
        try writeFusionReport(
            rows, scenarios: scenarios, useMagnetometer: useMagnetometer, to: directory, figures: plots ? .png : nil, origin: origin,
            overwrite: overwrite)
    }

    @available(*, deprecated, message: "use writeReplayReport(_:name:scenario:to:figures:origin:overwrite:); plots: true is figures: .png")
    public static func writeReplayReport(
        _ result: CaptureRunResult, name: String, scenario: Scenario, to directory: String, plots: Bool,
        origin: ReportOrigin = ReportOrigin(command: "replay"), overwrite: Bool = false
    ) throws {
        try writeReplayReport(
            result, name: name, scenario: scenario, to: directory, figures: plots ? .png : nil, origin: origin, overwrite: overwrite)
    }

    @available(*, deprecated, message: "use writeSimulation(_:run:session:to:figures:origin:overwrite:); plots: true is figures: .png")
    public static func writeSimulation(
        _ scenario: Scenario, run: SimulatedRun, session: CaptureSessionLog, to directory: String, plots: Bool,
        origin: ReportOrigin = ReportOrigin(command: "simulate"), overwrite: Bool = false
    ) throws {
        try writeSimulation(scenario, run: run, session: session, to: directory, figures: plots ? .png : nil, origin: origin, overwrite: overwrite)
    }

    @available(*, deprecated, message: "use writeSweepOutputs(_:csv:in:metric:constraints:pareto:figures:origin:); plots: true is figures: .png")
    @discardableResult
    public static func writeSweepOutputs(
        _ plan: SweepPlan, csv: URL, in directory: URL, metric: String, constraints: [SweepConstraint], pareto: [String]?, plots: Bool,
        origin: ReportOrigin
    ) throws -> [String] {
        try writeSweepOutputs(
            plan, csv: csv, in: directory, metric: metric, constraints: constraints, pareto: pareto, figures: plots ? .png : nil, origin: origin)
    }
}
