import Runs
import Foundation
import Plotting
import ReportIO
import Rephoto
import Scenarios
import StatisticsKit
import ReportFormats

/// The files of `orbitbench run` for a rephoto scenario.
public enum RephotoReport {
    /// Key-point statistics of the thesis's published study recomputed from its Table 6.1,
    /// for side-by-side comparison (only when the key-point names match).
    public struct ThesisReference: Sendable {
        public var keypoints: [String]
        public var table: KeypointErrorTable

        public init(keypoints: [String], table: KeypointErrorTable) {
            self.keypoints = keypoints
            self.table = table
        }
    }

    /// Writes a rephoto study's files into `report` (not committed): metrics.csv, the
    /// thesis-layout tables, users.csv, summary.json and (with `format`) plots/rephoto-errors.png;
    /// with `failures` (seeds whose filter failed, left out of everything else) failures.csv.
    public static func write(
        scenario: Scenario, _ results: [RephotoStudyResult], thesis: ThesisReference?, to report: ReportDirectory, figures format: FigureFormat?,
        origin: ReportOrigin,
        failures: [PluginFailure] = []
    ) throws {
        let origin = origin.with(scenarios: [scenario.name], seeds: results.map(\.seed))
        try report.record(origin, scenarios: [scenario])
        try report.write(metricsCSV(scenario: scenario, results).bytes, to: "metrics.csv")
        try report.write(table62(results).bytes, to: "table-6-2-sim.csv")
        try report.write(table63(results).bytes, to: "table-6-3-sim.csv")
        try report.write(usersCSV(results).bytes, to: "users.csv")
        var summary = summary(scenario: scenario, results, thesis: thesis)
        if !failures.isEmpty {
            summary.failures = failures
            try report.write(FailureReport.csv(failures).bytes, to: "failures.csv")
        }
        try report.write(Array(try summary.jsonData()), to: "summary.json")
        try report.writeFigure("plots/rephoto-errors.png", format: format, origin: origin) {
            try RephotoPlots.errors(scenario: scenario, results, thesis: thesis, output: $0)
        }
        try report.writeHTMLReport(
            title: "\(scenario.name): rephotography study", summary: scenario.description + " " + HTMLReport.headline(summary),
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: [scenario]),
            sections: (failures.isEmpty ? [] : [FailureReport.section(failures)]) + [HTMLReport.metrics(summary)], origin: origin)
    }

    /// Every user of every seed, in one Table 6.2.
    public static func pooledTable(_ results: [RephotoStudyResult]) -> KeypointErrorTable {
        KeypointErrorTable(distances: results.flatMap { $0.users.compactMap(\.distances) })
    }

    /// metrics.csv: the rephoto metrics of the metric table, then the mean and sample sd per
    /// key point.
    public static func metricsCSV(scenario: Scenario, _ results: [RephotoStudyResult]) -> CSVWriter {
        let columns = RunMetrics.columns(for: scenario)
        return CSVWriter(header: ["scenario", "seed"] + columns, rows: results) { csv, result in
            csv.text(scenario.name)
            csv.integer(result.seed)
            csv.metrics(RunMetrics(result), columns: columns)
        }
    }

    /// table-6-2-sim.csv in the thesis's Table 6.2 layout: one row per image, one distance
    /// column per key point, the reference first (all zeros). A picture that does not show
    /// the scene keeps its row with empty cells.
    public static func table62(_ results: [RephotoStudyResult]) -> CSVWriter {
        let names = results.first?.keypointNames ?? []
        let reference: [(String, [Double?])] = [("reference", names.map { _ in 0 })]
        let images = results.flatMap { result in
            result.users.map { user in (imageName(seed: result.seed, user: user.user), names.indices.map { user.distances?[$0] }) }
        }
        return CSVWriter(header: ["image"] + names.map { "d_\($0)" }, rows: reference + images) { csv, row in
            csv.text(row.0)
            csv.numbers(row.1, decimals: 2)
        }
    }

    /// table-6-3-sim.csv in the thesis's Table 6.3 layout: mean and σ per key point, then the
    /// overall row as the thesis computes it (mean of all distances, mean of the per-point
    /// σ). σ is the mean absolute deviation, which is what the thesis's σ is; `sd` is the
    /// sample standard deviation.
    public static func table63(_ results: [RephotoStudyResult]) -> CSVWriter {
        let table = pooledTable(results)
        let names = results.first?.keypointNames ?? []
        let keypoints = zip(names, table.perKeypoint).map { name, spread in
            ("d_\(name)", [spread.mean, spread.meanAbsoluteDeviation, spread.sampleStandardDeviation], spread.count)
        }
        let overall = ("overall", [table.thesisOverallMean, table.thesisOverallSigma, table.overall.sampleStandardDeviation], table.distances.count)
        return CSVWriter(header: ["distance", "mean", "sigma", "sd", "images"], rows: keypoints + [overall]) { csv, row in
            csv.text(row.0)
            csv.numbers(row.1, decimals: 2)
            csv.integer(row.2)
        }
    }

    /// users.csv: everything about each retake.
    public static func usersCSV(_ results: [RephotoStudyResult]) -> CSVWriter {
        let names = results.first?.keypointNames ?? []
        let header =
            [
                "seed", "user", "image", "standing_offset_x_m", "standing_offset_y_m", "standing_offset_z_m", "time_to_shoot_s", "outcome",
                "true_roll_deg", "true_pitch_deg", "true_rotation_deg", "rectangle_dx_pt", "rectangle_dy_pt", "heading_err_deg", "lost",
                "kp_err_mean",
            ] + names.flatMap { ["x_\($0)", "y_\($0)", "d_\($0)"] }
        let rows = results.flatMap { result in result.users.map { (result.seed, $0) } }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (seed, user) = row
            csv.integer(seed)
            csv.integer(user.user)
            csv.text(imageName(seed: seed, user: user.user))
            csv.numbers([user.standingOffset.x, user.standingOffset.y, user.standingOffset.z], decimals: 4)
            csv.number(user.timeToShoot, decimals: 3)
            csv.text(user.outcome.rawValue)
            csv.numbers([user.trueRollDegrees, user.truePitchDegrees, user.trueRotationDegrees], decimals: 4)
            csv.numbers([user.rectangleOffset?.x, user.rectangleOffset?.y], decimals: 3)
            csv.number(user.headingErrorDegrees, decimals: 4)
            csv.bool(user.isLost)
            csv.number(user.isLost ? nil : user.meanDistance, decimals: 4)
            for index in names.indices {
                csv.numbers([user.keypoints?[index].x, user.keypoints?[index].y, user.distances?[index]], decimals: 4)
            }
        }
    }

    static func imageName(seed: UInt64, user: Int) -> String {
        "seed-\(seed)/user-" + String(repeating: "0", count: max(0, 3 - String(user).count)) + String(user)
    }

    /// summary.json: what ran, the pooled tables, per-seed spread and the diagnostics.
    public static func summary(scenario: Scenario, _ results: [RephotoStudyResult], thesis: ThesisReference?) -> RunSummary {
        let names = results.first?.keypointNames ?? []
        let settings = scenario.rephoto
        // Diagnostics per seed, then over the seeds like the metrics.
        let perSeed = results.map { Self.diagnostics([$0], users: $0.users) }
        let diagnosticNames = Set(perSeed.flatMap(\.keys)).sorted()
        let diagnosticSummaries = Dictionary(
            uniqueKeysWithValues: diagnosticNames.map { name in
                (name, MetricSummary(perSeed.map { $0[name] }, unit: diagnosticUnits[name] ?? ""))
            })
        return RunSummary(
            kind: .rephoto, name: scenario.name, description: scenario.description, seeds: results.map(\.seed),
            settings: [
                "filter": .text(scenario.fusion.filter.rawValue), "reference_frame": .text(scenario.fusion.referenceFrame.rawValue),
                "guidance": .text(settings.guidance.rawValue), "keypoints": .text(names.joined(separator: ",")),
                "users_per_seed": .integer(settings.users),
            ],
            metrics: RunSummary.metrics(results.map { RunMetrics($0) }, columns: RunMetrics.columns(for: scenario)),
            diagnostics: diagnosticSummaries, keypoints: keypointRows(results, thesis: thesis),
            notes: [
                "Distances are Euclidean in the picture normalised to 100 × 100 (thesis eq. 6.1), percent of the image size.",
                "keypoints pools every user of every seed; sigma is the mean absolute deviation about the mean, which is what the thesis's σ is (see orbitbench thesis); sd is the sample standard deviation.",
                "The overall row is computed as the thesis does: mean of all distances, mean of the per-key-point sigma.",
                "thesisMean/thesisSigma are recomputed from the thesis's Table 6.1 (its four measured rephotographs), not the published Table 6.3, whose P3 column cannot be reproduced.",
            ])
    }

    /// Per key point, then the overall row as the thesis computes it: the pooled mean and σ
    /// beside the thesis's (summary.json and the console table).
    static func keypointRows(_ results: [RephotoStudyResult], thesis: ThesisReference?) -> [KeypointRow] {
        let table = pooledTable(results)
        let names = results.first?.keypointNames ?? []
        let thesisColumns = thesis.map { reference in names.map { reference.keypoints.firstIndex(of: $0) } }
        return names.enumerated().map { index, name in
            let spread = table.perKeypoint[index]
            let thesisSpread = thesisColumns?[index].map { thesis!.table.perKeypoint[$0] }
            return KeypointRow(
                name: name, mean: spread.mean, sigma: spread.meanAbsoluteDeviation, sd: spread.sampleStandardDeviation,
                thesisMean: thesisSpread?.mean, thesisSigma: thesisSpread?.meanAbsoluteDeviation)
        }
            + [
                KeypointRow(
                    name: "overall", mean: table.thesisOverallMean, sigma: table.thesisOverallSigma, sd: table.overall.sampleStandardDeviation,
                    thesisMean: thesis.map(\.table.thesisOverallMean), thesisSigma: thesis.map(\.table.thesisOverallSigma))
            ]
    }

    static let diagnosticUnits = [
        "time_to_shoot_mean_s": "s", "timeouts": "count", "lost": "count", "true_roll_abs_mean_deg": "deg",
        "true_pitch_abs_mean_deg": "deg", "true_rotation_abs_mean_deg": "deg", "standing_offset_mean_m": "m",
        "reference_attitude_err_mean_deg": "deg", "heading_err_abs_mean_deg": "deg", "att_rmse_total_deg": "deg",
    ]

    static func diagnostics(_ results: [RephotoStudyResult], users: [RephotoUserRecord]) -> [String: Double] {
        var values: [String: Double] = [
            "time_to_shoot_mean_s": Statistics.mean(users.map(\.timeToShoot)),
            "timeouts": Double(users.filter { $0.outcome == .timeout }.count),
            "lost": Double(users.filter(\.isLost).count),
            "true_roll_abs_mean_deg": Statistics.mean(users.map { abs($0.trueRollDegrees) }),
            "true_pitch_abs_mean_deg": Statistics.mean(users.map { abs($0.truePitchDegrees) }),
            "true_rotation_abs_mean_deg": Statistics.mean(users.map { abs($0.trueRotationDegrees) }),
            "standing_offset_mean_m": Statistics.mean(
                users.map { ($0.standingOffset.x * $0.standingOffset.x + $0.standingOffset.y * $0.standingOffset.y).squareRoot() }),
            "reference_attitude_err_mean_deg": Statistics.mean(results.map(\.referenceAttitudeErrorDegrees)),
        ]
        let headings = users.compactMap(\.headingErrorDegrees)
        if !headings.isEmpty { values["heading_err_abs_mean_deg"] = Statistics.mean(headings.map(abs)) }
        let rmse = results.compactMap(\.attitudeRMSE)
        if !rmse.isEmpty { values["att_rmse_total_deg"] = Statistics.mean(rmse.map(\.totalDegrees)) }
        return values
    }

    /// Per key point and overall, simulated beside the thesis, for stdout.
    public static func table(scenario: Scenario, _ results: [RephotoStudyResult], thesis: ThesisReference?) -> String {
        document(scenario: scenario, results, thesis: thesis).text
    }

    /// The console summary (`table`) and summary.md: the key-point errors beside the thesis's
    /// (recomputed from its Table 6.1), then the users' time to shoot and residual angles.
    public static func document(scenario: Scenario, _ results: [RephotoStudyResult], thesis: ThesisReference?) -> ConsoleDocument {
        func f(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        let keypoints = keypointRows(results, thesis: thesis)
        let rows = keypoints.enumerated().map { index, row in
            [index == keypoints.count - 1 ? "overall" : "d_\(row.name)", f(row.mean), f(row.sigma), f(row.thesisMean), f(row.thesisSigma)]
        }
        let users = results.flatMap(\.users)
        let diagnostics = diagnostics(results, users: users)
        var document = ConsoleDocument()
        document.line(
            "\(scenario.name): \(users.count) rephotographs (\(counted(results.count, "seed")) × \(counted(scenario.rephoto.users, "user"))), key-point error in % of the image"
        )
        let lost = users.filter(\.isLost).count
        if lost > 0 {
            document.line("warning: \(lost) pictures do not show the scene (the user ended up facing away) and are left out of the tables")
        }
        document.table(header: ["", "mean", "σ", "thesis mean", "thesis σ"], rows: rows)
        document.line("")
        document.line("thesis = recomputed from Table 6.1 (4 rephotographs); σ = mean absolute deviation as in the thesis")
        var closing = String(
            format: "time to shoot %.1f s (timeouts %d), |true ROLL| %.2f°, |true PITCH| %.2f°, |rotation| %.2f°",
            diagnostics["time_to_shoot_mean_s"]!, Int(diagnostics["timeouts"]!), diagnostics["true_roll_abs_mean_deg"]!,
            diagnostics["true_pitch_abs_mean_deg"]!, diagnostics["true_rotation_abs_mean_deg"]!)
        if let heading = diagnostics["heading_err_abs_mean_deg"] { closing += String(format: ", |fused heading error| %.2f°", heading) }
        document.line(closing)
        return document
    }
}
