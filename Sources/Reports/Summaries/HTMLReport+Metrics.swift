import ReportFormats
import Runs

extension HTMLReport {
    /// Every metric of `summary` in metric-table order: name, mean ± sd with its unit (what the
    /// reader came for, first on a phone's card), min–max, seeds, then the meaning.
    public static func metrics(_ summary: RunSummary) -> Section {
        var rows: [[String]] = []
        for metric in Metric.table {
            let names = metric.isPerKeypoint ? summary.metrics.keys.filter { $0.hasPrefix(metric.name) }.sorted() : [metric.name]
            for name in names {
                guard let value = summary.metrics[name], let mean = value.mean else { continue }
                let decimals = metric.decimals
                func number(_ value: Double) -> String { String(format: "%.\(decimals)f", value) }
                let spread = value.sd.map { " ± " + number($0) } ?? ""
                let range = value.min.flatMap { low in value.max.map { "\(number(low)) – \(number($0))" } } ?? ""
                let meaning = metric.isPerKeypoint ? metric.label(ofColumn: name) : metric.summary
                let unit = metric.unit.symbol.isEmpty ? "" : " " + metric.unit.symbol
                rows.append([name, number(mean) + spread + unit, range, String(value.n), meaning])
            }
        }
        return Section(
            heading: "Summary",
            html: table(header: ["metric", "mean ± sd", "min – max", "seeds", "meaning"], rows: rows, wrapping: ["meaning"]))
    }

    /// The headline metrics of `summary` in one sentence ("over 8 seeds: coverage (share of
    /// slots filled) 0.93 fraction, …"): those of `names` it has, in metric-table order.
    public static func headline(_ summary: RunSummary, names: [String] = headlineMetrics) -> String {
        let parts = Metric.table.filter { names.contains($0.name) }.compactMap { metric -> String? in
            guard let mean = summary.metrics[metric.name]?.mean else { return nil }
            let symbol = metric.unit.symbol
            let unit = symbol.isEmpty ? "" : symbol == "°" ? symbol : " " + symbol
            return "\(metric.summary) \(String(format: "%.\(metric.decimals)f", mean))\(unit)"
        }
        let over = summary.seeds.isEmpty ? "Measured" : summary.seeds.count == 1 ? "Means over 1 seed" : "Means over \(summary.seeds.count) seeds"
        return parts.isEmpty ? "" : "\(over): " + parts.joined(separator: "; ") + "."
    }

    /// What a run's page names first: coverage, the largest gap, the object blur, the attitude
    /// error and the key-point error (each where the run measures it).
    public static let headlineMetrics = ["coverage", "max_gap_deg", "blur_obj_mean_px", "att_rmse_total_deg", "kp_err_mean"]
}
