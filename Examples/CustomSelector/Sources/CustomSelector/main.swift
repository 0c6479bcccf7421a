import CustomCode
import Foundation
import OrbitBench

let arguments = Array(CommandLine.arguments.dropFirst())  // [table.csv [report folder]]
let reportDirectory = arguments.count > 1 ? arguments[1] : "reports/lowest-blur"

// README "Bring your own code" quotes this block.
try registerCustomCode()
let scenario = try Bench.scenario("shaky-hands", overrides: ["selection.selector=lowest-blur"])
let results = try Bench.runCapture(scenario, seeds: [1, 2, 3])  // by name
let direct = try Bench.runCapture(scenario, seeds: [1]) { LowestBlurSelector(settings: $0) }  // as a value
try Bench.writeCaptureReport(scenario, results, to: reportDirectory)
print(
    "lowest-blur by name and as a value give \(direct[0].metrics == results[0].metrics ? "identical" : "DIFFERENT") metrics; report in \(reportDirectory)"
)

// Side by side: the built-in selector and filter against the team's.

let seeds: [UInt64] = [1, 2, 3]
let variants: [(label: String, overrides: [String])] = [
    ("outer-circle + bias-estimating", []),
    ("lowest-blur + bias-estimating", ["selection.selector=lowest-blur"]),
    ("outer-circle + gyro-only", ["fusion.filter=gyro-only"]),
]
func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

var csv = "scenario,variant,coverage,slot_angle_err_mean_deg,blur_sel_mean_px,blur_all_mean_px,att_rmse_incl_deg\n"
var table: [[String]] = []
print("scenario      variant                          coverage  slot err (°)  blur sel/all (px)  incl. RMSE (°)")
for name in ["orbit-72", "shaky-hands"] {
    for variant in variants {
        let metrics = try Bench.runCapture(try Bench.scenario(name, overrides: variant.overrides), seeds: seeds).map(\.metrics)
        let row = [
            mean(metrics.map(\.coverage)), mean(metrics.map(\.slotAngleErrorMean)), mean(metrics.map(\.blurSelectedMean)),
            mean(metrics.map(\.blurAllMean)), mean(metrics.map(\.attitudeRMSE.inclinationDegrees)),
        ]
        csv += "\(name),\(variant.label)," + row.map { String(format: "%.4f", $0) }.joined(separator: ",") + "\n"
        table.append(
            [name, variant.label, String(format: "%.3f", row[0]), String(format: "%.2f", row[1]), String(format: "%.2f / %.2f", row[2], row[3])]
                + [String(format: "%.2f", row[4])])
        print(
            name.padding(toLength: 14, withPad: " ", startingAt: 0) + variant.label.padding(toLength: 33, withPad: " ", startingAt: 0)
                + String(format: "%8.3f  %12.2f  %8.2f / %-7.2f  %14.2f", row[0], row[1], row[2], row[3], row[4]))
    }
}

if let path = arguments.first { try csv.write(toFile: path, atomically: true, encoding: .utf8) }
// The same table as Markdown beside the report (docs/guides/plugins.md quotes it).
try MarkdownTable.render(
    header: ["scenario", "selector + filter", "coverage", "slot angle error (°)", "blur selected / all (px)", "inclination RMSE (°)"], rows: table
).write(toFile: reportDirectory + "/table.md", atomically: true, encoding: .utf8)
