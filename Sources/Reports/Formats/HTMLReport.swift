import Foundation
import ReportIO
import Runs

/// `report.html`: one offline page per run, replay or compare folder — summary table (from the
/// metric table), provenance, every plot, links to the data files and to the spin viewer —
/// that CI can publish as an artifact. Everything is relative to the folder; no network.
public struct HTMLReport {
    /// A titled block of ready HTML.
    public struct Section {
        public var heading: String
        public var html: String

        public init(heading: String, html: String) {
            self.heading = heading
            self.html = html
        }
    }

    public var title: String
    public var description: String
    public var sections: [Section]

    public init(title: String, description: String, sections: [Section]) {
        self.title = title
        self.description = description
        self.sections = sections
    }

    /// The whole page.
    public func html() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(title))</title>
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1150px; padding: 0 1em; color: #222; }
            h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
            table { border-collapse: collapse; margin: 0.5em 0; } td, th { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; } th { background: #f4f4f4; }
            figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #ddd; } figcaption { color: #555; }
            code { background: #f4f4f4; padding: 1px 4px; } .muted { color: #666; }
            </style>
            </head>
            <body>
            <h1>\(HTMLText.escaped(title))</h1>
            <p class="muted">\(HTMLText.escaped(description))</p>

            """
        for section in sections {
            page += "<h2>\(HTMLText.escaped(section.heading))</h2>\n\(section.html)\n"
        }
        page += "</body>\n</html>\n"
        return page
    }

    /// A relative link target: each path component percent-encoded, so a file name cannot
    /// leave the attribute or the folder's scheme.
    public static func href(_ path: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
            .joined(separator: "/")
    }

    /// A table; cells that parse as numbers are right-aligned.
    public static func table(header: [String], rows: [[String]]) -> String {
        var html = "<table>\n<tr>" + header.map { "<th>\(HTMLText.escaped($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            html +=
                "<tr>"
                + row.map { cell in
                    let numeric = Double(cell.split(separator: " ").first.map(String.init) ?? "") != nil
                    return numeric ? "<td class=\"number\">\(HTMLText.escaped(cell))</td>" : "<td>\(HTMLText.escaped(cell))</td>"
                }.joined() + "</tr>\n"
        }
        return html + "</table>"
    }

    /// Every metric of `summary` in metric-table order: name, meaning, mean ± sd (min–max), unit.
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
                rows.append([name, metric.summary, number(mean) + spread, range, metric.unit.symbol, String(value.n)])
            }
        }
        return Section(
            heading: "Summary",
            html: table(header: ["metric", "meaning", "mean ± sd", "min – max", "unit", "seeds"], rows: rows)
                + "\n<p class=\"muted\">Seeds: \(HTMLText.escaped(summary.seeds.map(String.init).joined(separator: ", ")))</p>")
    }

    /// Tool, revision, command line, overrides, scenarios and seeds.
    public static func provenance(_ origin: ReportOrigin) -> Section {
        var rows: [[String]] = [["tool", origin.tool]]
        if let revision = origin.sourceRevision { rows.append(["source revision", revision]) }
        rows.append(["command line", origin.arguments.joined(separator: " ")])
        if !origin.overrides.isEmpty { rows.append(["overrides", origin.overrides.joined(separator: "  ")]) }
        if !origin.scenarios.isEmpty { rows.append(["scenarios", origin.scenarios.joined(separator: ", ")]) }
        if !origin.seeds.isEmpty { rows.append(["seeds", origin.seeds.map(String.init).joined(separator: ", ")]) }
        return Section(
            heading: "Provenance",
            html: table(header: ["", ""], rows: rows)
                + "\n<p class=\"muted\">Running the command line again with <code>scenario.resolved.yaml</code> reproduces the CSV and JSON files byte for byte.</p>"
        )
    }

    /// The sections every report shares, from the files written into it: the spin viewer (or
    /// how to get one), every plot, the data files.
    public static func files(_ files: [String], viewerHint: String?) -> [Section] {
        var sections: [Section] = []
        if files.contains("viewer/index.html") {
            sections.append(
                Section(
                    heading: "Spin viewer",
                    html: "<p><a href=\"viewer/index.html\">Open the spin viewer</a> — drag, arrow keys or the wheel turn the capture.</p>"))
        } else if let viewerHint {
            sections.append(Section(heading: "Spin viewer", html: "<p class=\"muted\">\(HTMLText.escaped(viewerHint))</p>"))
        }
        let plots = files.filter { $0.hasPrefix("plots/") && $0.hasSuffix(".png") }
        if !plots.isEmpty {
            sections.append(
                Section(
                    heading: "Plots",
                    html: plots.map {
                        "<figure><img src=\"\(href($0))\" alt=\"\(HTMLText.escaped($0))\" loading=\"lazy\"><figcaption>\(HTMLText.escaped($0))</figcaption></figure>"
                    }
                    .joined(separator: "\n")))
        }
        let data = files.filter { !$0.hasPrefix("plots/") && !$0.hasPrefix("images/") && !$0.hasPrefix("viewer/") && $0 != "report.html" }
        let images = files.filter { $0.hasPrefix("images/") }.count
        var list = data.map { "<li><a href=\"\(href($0))\">\(HTMLText.escaped($0))</a></li>" }
        if images > 0 { list.append("<li><a href=\"images/\">images/</a> (\(images) rendered frames)</li>") }
        sections.append(Section(heading: "Files", html: "<ul>\n" + list.joined(separator: "\n") + "\n</ul>"))
        return sections
    }
}

extension ReportDirectory {
    /// Writes report.html from the files written so far: `sections` first, then provenance,
    /// the viewer link, plots and files. Call it last, before `commit`.
    public func writeHTMLReport(title: String, description: String, sections: [HTMLReport.Section], origin: ReportOrigin, viewerHint: String? = nil)
        throws
    {
        let files = writtenFiles()
        let page = HTMLReport(
            title: title, description: description,
            sections: sections + HTMLReport.files(files, viewerHint: viewerHint) + [HTMLReport.provenance(origin)])
        try write(page.html(), to: "report.html")
    }
}
