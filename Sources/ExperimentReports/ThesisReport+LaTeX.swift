import Experiments
import Foundation
import ReportFormats

extension ThesisReport {
    /// tables.tex: Tables 6.1–6.3 of the thesis as LaTeX (booktabs) — the published values with
    /// what `thesis` recomputes beside them, a dagger on each published value the published
    /// Table 6.1 does not reproduce; captions say how values were recomputed and compared.
    public static func latex(_ audit: ThesisAudit) -> String {
        let data = audit.data
        let columns = data.keypoints.map(LaTeXText.escaped)
        let table61 = LaTeXText.table(
            caption: "Table 6.1 as published: key points on the normalised $100 \\times 100$ image, $(x, y)$ in \\% of width and height. "
                + "The first image is the reference photograph.",
            label: "tab:thesis-6-1", columns: "l" + String(repeating: "c", count: columns.count), header: ["Image"] + columns,
            rows: zip(data.images, data.points).map { image, points in
                [LaTeXText.escaped(image)] + points.map { "(\(f($0.x)), \(f($0.y)))" }
            })

        let agreeing = audit.distances.filter(\.agrees).count
        let table62 = LaTeXText.table(
            caption: "Table 6.2: distance of each rephotograph's key point from the reference's, in \\% of the image, "
                + "published (recomputed from Table 6.1). $^\\dagger$: the published value lies outside the range the rounding of Table 6.1 allows; "
                + "\(agreeing) of \(audit.distances.count) agree.",
            label: "tab:thesis-6-2", columns: "l" + String(repeating: "r", count: columns.count), header: ["Image"] + columns,
            rows: data.images.dropFirst().map { image in
                [LaTeXText.escaped(image)]
                    + data.keypoints.map { keypoint -> String in
                        guard let cell = audit.distances.first(where: { $0.image == image && $0.keypoint == keypoint }) else { return "--" }
                        return "\(f(cell.published))\(cell.agrees ? "" : "$^\\dagger$") (\(f(cell.recomputed)))"
                    }
            })

        let sigma =
            audit.sigmaCandidates.first(where: \.matchesAll).map {
                "$\\sigma$ as \(LaTeXText.escaped($0.name)), which reproduces the published $\\sigma$"
            } ?? "$\\sigma$"
        let rows = audit.statistics.map(\.row).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let table63 = LaTeXText.table(
            caption:
                "Table 6.3: mean and \(sigma) of the distances, published (recomputed from Table 6.1). $^\\dagger$: not reproduced from Table 6.1.",
            label: "tab:thesis-6-3", columns: "lrr", header: ["Key point", "Mean (\\%)", "$\\sigma$ (\\%)"],
            rows: rows.map { row in
                [row == "overall" ? "\\midrule Overall" : LaTeXText.escaped(row)]
                    + [ThesisAudit.Statistic.mean, .sigma].map { statistic -> String in
                        guard let cell = audit.statistics.first(where: { $0.row == row && $0.statistic == statistic }) else { return "--" }
                        return "\(f(cell.published))\(cell.agreesFromTable61 ? "" : "$^\\dagger$") (\(f(cell.fromTable61)))"
                    }
            })
        return "% Written by orbitbench thesis; needs \\usepackage{booktabs}.\n" + table61 + "\n" + table62 + "\n" + table63
    }
}
