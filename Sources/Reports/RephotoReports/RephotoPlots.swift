import Runs
import Foundation
import Plotting
import Scenarios
import StatisticsKit
import ReportFormats
import Rephoto

/// plots/rephoto-errors.png of a rephoto run.
public enum RephotoPlots {
    static let simulatedColor = Palette.color(0)
    static let thesisColor = Palette.color(1)
    static let referenceColor = Color(hex: 0x000000)

    /// Where the key points land (all seeds), the per-key-point statistics beside the thesis's
    /// measured rephotographs, the distribution of per-picture errors, and how much of the
    /// error comes from standing in the wrong place.
    public static func errors(
        scenario: Scenario, _ results: [RephotoStudyResult], thesis: RephotoReport.ThesisReference?, output: FigureOutput
    ) throws -> [UInt8] {
        let names = results.first?.keypointNames ?? []
        let reference = results.first?.reference ?? []
        let users = results.flatMap(\.users).filter { !$0.isLost }
        let table = RephotoReport.pooledTable(results)

        // 1. Key points on the normalised picture.
        var cloud: [Series] = []
        for index in names.indices {
            cloud.append(
                Series(
                    index == 0 ? "rephotographs (\(users.count))" : nil, color: simulatedColor.withAlpha(0.35),
                    x: users.map { $0.keypoints![index].x }, y: users.map { $0.keypoints![index].y }, style: .markers(radius: 1.6)))
        }
        cloud.append(Series("reference", color: referenceColor, x: reference.map(\.x), y: reference.map(\.y), style: .markers(radius: 4.5)))
        // Points that left the picture are drawn too: the axes reach past its edges (dotted).
        let xs = users.flatMap { $0.keypoints!.map(\.x) }, ys = users.flatMap { $0.keypoints!.map(\.y) }
        func reach(_ values: [Double]) -> ClosedRange<Double> {
            let low: Double = min(0, (values.min() ?? 0) - 2), high: Double = max(100, (values.max() ?? 100) + 2)
            return low...high
        }
        let edges: [ReferenceLine] = [0.0, 100.0].flatMap { (edge: Double) -> [ReferenceLine] in
            [ReferenceLine(edge, .vertical, dash: [2, 2]), ReferenceLine(edge, .horizontal, dash: [2, 2])]
        }
        let frame = CartesianPlot(
            title: "key points on the 100 × 100 picture (dotted: its edges)", x: ChartAxis("x (% of width)", limits: reach(xs)),
            y: ChartAxis("y (% of height, downward)", limits: reach(ys), reversed: true), series: cloud, lines: edges, legend: .bottomLeft,
            annotations: names.enumerated().map { Annotation(x: reference[$0.offset].x, y: reference[$0.offset].y, text: "  \($0.element)") },
            equalAspect: true)

        // 2. Mean ± σ per key point and overall, simulated and thesis (Table 6.1).
        let categories = names + ["overall"]
        let positions = categories.indices.map(Double.init)
        let simulatedMeans = table.perKeypoint.map(\.mean) + [table.thesisOverallMean]
        let simulatedSigmas = table.perKeypoint.map(\.meanAbsoluteDeviation) + [table.thesisOverallSigma]
        var bars = [
            Series(
                "simulated (\(users.count) pictures)", color: simulatedColor, x: positions, y: simulatedMeans,
                style: .bars(width: 0.36, offset: thesis == nil ? 0 : -0.19), errors: simulatedSigmas)
        ]
        if let thesis {
            let columns: [Int?] = names.map { thesis.keypoints.firstIndex(of: $0) }
            let means: [Double] = columns.map { column in column.map { thesis.table.perKeypoint[$0].mean } ?? .nan }
            let sigmas: [Double] = columns.map { column in column.map { thesis.table.perKeypoint[$0].meanAbsoluteDeviation } ?? .nan }
            bars.append(
                Series(
                    "thesis, from Table 6.1 (4 pictures)", color: thesisColor, x: positions, y: means + [thesis.table.thesisOverallMean],
                    style: .bars(width: 0.36, offset: 0.19), errors: sigmas + [thesis.table.thesisOverallSigma]))
        }
        // Room above the highest error bar for the legend.
        let tops: [Double] = bars.flatMap { series in zip(series.y, series.errors ?? []).map { (value: Double, error: Double) in value + error } }
        let highest = tops.filter(\.isFinite).max() ?? 1
        let statistics = CartesianPlot(
            title: "Table 6.3: mean and σ per key point", x: ChartAxis("key point", categories: categories),
            y: ChartAxis("distance (% of picture), mean ± σ", limits: 0...(highest * 1.35)), series: bars, legend: .topLeft)

        // 3. Histogram of each picture's mean distance.
        let perPicture = users.map(\.meanDistance)
        let top = perPicture.isEmpty ? 1 : max(Statistics.percentile(perPicture, 99), 1)
        let binCount = 25
        let binWidth = top / Double(binCount)
        var counts = [Double](repeating: 0, count: binCount)
        for value in perPicture { counts[min(binCount - 1, Int(value / binWidth))] += 1 }
        let shares: [Double] = counts.map { (count: Double) -> Double in count / Double(max(perPicture.count, 1)) * 100 }
        var series = [
            Series(
                "simulated pictures", color: simulatedColor, x: (0..<binCount).map { (bin: Int) -> Double in (Double(bin) + 0.5) * binWidth },
                y: shares,
                style: .bars(width: binWidth * 0.85))
        ]
        let simulatedMean = Statistics.mean(perPicture)
        var lines = [ReferenceLine(simulatedMean, .vertical, color: referenceColor, dash: [6, 3])]
        series.append(Series("simulated mean \(format(simulatedMean))", color: referenceColor, x: [], y: [], style: .line(width: 1.2, dash: [6, 3])))
        if let thesis {
            for distances in thesis.table.distances {
                let mean: Double = distances.reduce(0, +) / Double(max(distances.count, 1))
                lines.append(ReferenceLine(mean, .vertical, color: thesisColor, dash: [2, 3]))
            }
            series.append(Series("thesis pictures (Table 6.1)", color: thesisColor, x: [], y: [], style: .line(width: 1.2, dash: [2, 3])))
        }
        let histogram = CartesianPlot(
            title: "mean key-point distance per picture", x: ChartAxis("distance (% of picture)", includesZero: true),
            y: ChartAxis("share of pictures (%)", limits: 0...((shares.max() ?? 1) * 1.25)), series: series, lines: lines, legend: .topRight)

        // 4. Standing offset against error: the parallax the attitude guidance cannot fix.
        let offsets: [Double] = users.map { user in
            let (x, y) = (user.standingOffset.x, user.standingOffset.y)
            return (x * x + y * y).squareRoot()
        }
        let parallax = CartesianPlot(
            title: "error against where the user stood", x: ChartAxis("horizontal distance from the reference spot (m)", includesZero: true),
            y: ChartAxis("mean distance (% of picture)", includesZero: true),
            series: [Series(nil, color: simulatedColor.withAlpha(0.6), x: offsets, y: perPicture, style: .markers(radius: 2.2))], legend: .none)

        let guidance = scenario.rephoto.guidance == .rectangle ? "navigation rectangle only" : "navigation rectangle, then overlay"
        let figure = Figure(
            title: "\(scenario.name): simulated rephotography accuracy",
            subtitle:
                "\(counted(results.count, "seed")) × \(scenario.rephoto.users) users, \(guidance), filter \(scenario.fusion.filter.rawValue)",
            footnote:
                "σ is the mean absolute deviation (the thesis's σ). Thesis values are recomputed from its Table 6.1; its published P3 column cannot be reproduced (see orbitbench thesis).",
            width: 1400, height: 1100, rows: [[.cartesian(frame), .cartesian(statistics)], [.cartesian(histogram), .cartesian(parallax)]])
        return try figure.bytes(output)
    }

    static func format(_ value: Double) -> String { String(format: "%.2f %%", value) }
}
