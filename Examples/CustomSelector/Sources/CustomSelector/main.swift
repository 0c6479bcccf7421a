import Foundation
import OrbitBench

// Register the team's code under names: from here on they work like built-in ones
// (`selection.selector: lowest-blur`, `fusion.filter: gyro-only`).
try SelectorRegistry.register("lowest-blur", summary: "per slot the frame with the lowest |ω| × exposure") { LowestBlurSelector(settings: $0) }
try FilterRegistry.register("gyro-only", summary: "gyroscope integration from an accelerometer tilt") { _ in GyroOnlyFilter(settings: .init()) }

let seeds: [UInt64] = [1, 2, 3]
let variants: [(label: String, overrides: [String])] = [
    ("outer-circle + bias-estimating", []),
    ("lowest-blur + bias-estimating", ["selection.selector=lowest-blur"]),
    ("outer-circle + gyro-only", ["fusion.filter=gyro-only"]),
]
func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

var csv = "scenario,variant,coverage,slot_angle_err_mean_deg,blur_sel_mean_px,blur_all_mean_px,att_rmse_incl_deg\n"
print("scenario      variant                          coverage  slot err (°)  blur sel/all (px)  incl. RMSE (°)")
for name in ["orbit-72", "shaky-hands"] {
    for variant in variants {
        let scenario = try Bench.scenario(name, overrides: variant.overrides)
        let metrics = try Bench.runCapture(scenario, seeds: seeds).map(\.metrics)
        let row = [mean(metrics.map(\.coverage)), mean(metrics.map(\.slotAngleErrorMean)), mean(metrics.map(\.blurSelectedMean)),
                   mean(metrics.map(\.blurAllMean)), mean(metrics.map(\.attitudeRMSE.inclinationDegrees))]
        csv += "\(name),\(variant.label)," + row.map { String(format: "%.4f", $0) }.joined(separator: ",") + "\n"
        print(name.padding(toLength: 14, withPad: " ", startingAt: 0) + variant.label.padding(toLength: 33, withPad: " ", startingAt: 0)
              + String(format: "%8.3f  %12.2f  %8.2f / %-7.2f  %14.2f", row[0], row[1], row[2], row[3], row[4]))
    }
}

// The same selector as a value instead of a name, without registering anything:
let scenario = try Bench.scenario("orbit-72")
let direct = try Bench.runCapture(scenario, seeds: [1]) { LowestBlurSelector(settings: $0) }
print(String(format: "lowest-blur passed as a value, orbit-72 seed 1: coverage %.3f", direct[0].metrics.coverage))

if let path = CommandLine.arguments.dropFirst().first { try csv.write(toFile: path, atomically: true, encoding: .utf8) }
