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
        var text = "% Written by orbitbench thesis; needs \\usepackage{booktabs}.\n"

        text += "\\begin{table}\n\\centering\n"
        text += "\\caption{Table 6.1 as published: key points on the normalised $100 \\times 100$ image, $(x, y)$ in \\% of width and height. "
        text += "The first image is the reference photograph.}\n\\label{tab:thesis-6-1}\n"
        text += "\\begin{tabular}{l" + String(repeating: "c", count: columns.count) + "}\n\\toprule\n"
        text += (["Image"] + columns).joined(separator: " & ") + " \\\\\n\\midrule\n"
        for (image, points) in zip(data.images, data.points) {
            text += ([LaTeXText.escaped(image)] + points.map { "(\(f($0.x)), \(f($0.y)))" }).joined(separator: " & ") + " \\\\\n"
        }
        text += "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n"

        let agreeing = audit.distances.filter(\.agrees).count
        text += "\\begin{table}\n\\centering\n"
        text += "\\caption{Table 6.2: distance of each rephotograph's key point from the reference's, in \\% of the image, "
        text += "published (recomputed from Table 6.1). $^\\dagger$: the published value lies outside the range the rounding of Table 6.1 allows; "
        text += "\(agreeing) of \(audit.distances.count) agree.}\n\\label{tab:thesis-6-2}\n"
        text += "\\begin{tabular}{l" + String(repeating: "r", count: columns.count) + "}\n\\toprule\n"
        text += (["Image"] + columns).joined(separator: " & ") + " \\\\\n\\midrule\n"
        for image in data.images.dropFirst() {
            let cells = data.keypoints.map { keypoint -> String in
                guard let cell = audit.distances.first(where: { $0.image == image && $0.keypoint == keypoint }) else { return "--" }
                return "\(f(cell.published))\(cell.agrees ? "" : "$^\\dagger$") (\(f(cell.recomputed)))"
            }
            text += ([LaTeXText.escaped(image)] + cells).joined(separator: " & ") + " \\\\\n"
        }
        text += "\\bottomrule\n\\end{tabular}\n\\end{table}\n\n"

        text += "\\begin{table}\n\\centering\n"
        let sigma =
            audit.sigmaCandidates.first(where: \.matchesAll).map {
                "$\\sigma$ as \(LaTeXText.escaped($0.name)), which reproduces the published $\\sigma$"
            } ?? "$\\sigma$"
        text += "\\caption{Table 6.3: mean and \(sigma) of the distances, "
        text += "published (recomputed from Table 6.1). $^\\dagger$: not reproduced from Table 6.1.}\n\\label{tab:thesis-6-3}\n"
        text += "\\begin{tabular}{lrr}\n\\toprule\nKey point & Mean (\\%) & $\\sigma$ (\\%) \\\\\n\\midrule\n"
        let rows = audit.statistics.map(\.row).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for row in rows {
            let cells = [ThesisAudit.Statistic.mean, .sigma].map { statistic -> String in
                guard let cell = audit.statistics.first(where: { $0.row == row && $0.statistic == statistic }) else { return "--" }
                return "\(f(cell.published))\(cell.agreesFromTable61 ? "" : "$^\\dagger$") (\(f(cell.fromTable61)))"
            }
            text += ([row == "overall" ? "\\midrule Overall" : LaTeXText.escaped(row)] + cells).joined(separator: " & ") + " \\\\\n"
        }
        return text + "\\bottomrule\n\\end{tabular}\n\\end{table}\n"
    }
}
