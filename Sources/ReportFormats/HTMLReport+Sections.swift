import ReportIO
import Scenarios

extension HTMLReport {
    /// A table in a box, every value visible without scrolling sideways: on a narrow screen,
    /// or wherever the table is wider than its box, each row becomes a card of "header: value"
    /// lines (the page's style and script). Cells that parse as numbers are right-aligned.
    /// Columns named in `wrapping` wrap their text (long explanations). A header that is a CSV
    /// column name (`blur_sel_mean_px`) is shown in words with the name beneath it.
    public static func table(header: [String], rows: [[String]], wrapping: Set<String> = []) -> String {
        let wraps = header.map { wrapping.contains($0) }
        let labels = header.map { HTMLText.escaped(columnWords($0)) }
        var html = "<div class=\"scroll\"><table class=\"data\">\n<thead><tr>" + header.map(headerCell).joined() + "</tr></thead>\n<tbody>\n"
        for row in rows {
            html +=
                "<tr>"
                + row.enumerated().map { column, cell in
                    let numeric = Double(cell.split(separator: " ").first.map(String.init) ?? "") != nil
                    let kind = column < wraps.count && wraps[column] ? " class=\"wrap\"" : numeric ? " class=\"number\"" : ""
                    let label = column < labels.count && !labels[column].isEmpty ? " data-label=\"\(labels[column])\"" : ""
                    return "<td\(kind)\(label)>\(HTMLText.escaped(cell))</td>"
                }.joined() + "</tr>\n"
        }
        return html + "</tbody></table></div>"
    }

    /// A header cell: words, and the CSV name beneath when the header is one.
    static func headerCell(_ name: String) -> String {
        let words = columnWords(name)
        guard words != name else { return "<th>\(HTMLText.escaped(name))</th>" }
        return "<th>\(HTMLText.escaped(words))<br><code class=\"column\">\(HTMLText.escaped(name))</code></th>"
    }

    /// A CSV column name in words ("blur_sel_mean_px" → "blur sel mean (px)", "ci_low" → "ci
    /// low"); any other header as it is.
    static func columnWords(_ name: String) -> String {
        guard name.contains("_"), !name.contains(" "), name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return name }
        var parts = name.split(separator: "_").map(String.init)
        let units = ["deg": "°", "px": "px", "ms": "ms", "s": "s", "dps": "°/s", "hz": "Hz", "pct": "%"]
        var unit = ""
        if parts.count > 1, let symbol = units[parts.last!] {
            unit = " (\(symbol))"
            parts.removeLast()
        }
        return parts.joined(separator: " ") + unit
    }

    /// A CSV file the report wrote, as a table (`nil` when it does not parse).
    public static func table(csv bytes: [UInt8], file: String, wrapping: Set<String> = []) -> String? {
        guard let parsed = try? CSVTable(text: String(decoding: bytes, as: UTF8.self), file: file) else { return nil }
        return table(header: parsed.header, rows: parsed.rows.map(\.fields), wrapping: wrapping)
    }

    /// Text the tool also prints (a console table), kept as it is, in a box that scrolls.
    public static func preformatted(_ text: String) -> String {
        "<pre>\(HTMLText.escaped(text))</pre>"
    }

    /// Tool, revision, command line, overrides, scenarios and seeds.
    /// `reproducible`: the folder holds the resolved scenarios the command line needs.
    public static func provenance(_ origin: ReportOrigin, reproducible: Bool = true) -> Section {
        var facts = [Fact("tool", origin.tool)]
        if let revision = origin.sourceRevision { facts.append(Fact("source revision", revision)) }
        facts.append(Fact("command line", origin.arguments.joined(separator: " ")))
        if !origin.overrides.isEmpty { facts.append(Fact("overrides", origin.overrides.joined(separator: "  "))) }
        if !origin.scenarios.isEmpty { facts.append(Fact("scenarios", origin.scenarios.joined(separator: ", "))) }
        if !origin.seeds.isEmpty { facts.append(Fact("seeds", origin.seeds.map(String.init).joined(separator: ", "))) }
        return Section(
            heading: "Provenance",
            html: factList(facts)
                + (reproducible
                    ? "\n<p class=\"muted\">Running the command line again with the resolved scenario files of this folder reproduces its CSV and JSON files byte for byte.</p>"
                    : "\n<p class=\"muted\">Running the command line again on the same input files reproduces its CSV and JSON files byte for byte.</p>")
        )
    }

    /// The spin viewer link (or how to get one) and the list of the folder's files.
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
        let data = files.filter {
            !$0.hasPrefix("plots/") && !$0.hasPrefix("images/") && !$0.hasPrefix("viewer/") && $0 != "report.html" && $0 != ReportDirectory.ownerFile
        }
        let images = files.filter { $0.hasPrefix("images/") }.count
        var list = data.map { "<li><a href=\"\(href($0))\">\(HTMLText.escaped($0))</a></li>" }
        if images > 0 { list.append("<li><a href=\"images/\">images/</a> (\(images) rendered frames)</li>") }
        sections.append(Section(heading: "Files", html: "<ul>\n" + list.joined(separator: "\n") + "\n</ul>"))
        return sections
    }

    /// The page of a folder: `sections` after what ran, then every figure of `files` (read by
    /// `read`), the viewer, the files and the provenance.
    public static func page(
        title: String, summary: String, whatRan: [Fact], sections: [Section], origin: ReportOrigin, files: [String],
        viewerHint: String? = nil, read: (String) -> [UInt8]?
    ) -> HTMLReport {
        let figures = files.filter { $0.hasPrefix("plots/") && FigureGuide.isFigure($0) }.compactMap { file in
            read(file).map { Figure(file: file, bytes: $0) }
        }
        let linked = files.filter { $0.hasPrefix("plots/") && FigureGuide.isLinkedFigure($0) }
        return HTMLReport(
            title: title, summary: summary, whatRan: whatRan, sections: sections, figures: figures, linkedFigures: linked,
            trailing: Self.files(files, viewerHint: viewerHint)
                + [provenance(origin, reproducible: files.contains { $0 == "scenario.resolved.yaml" || $0.hasPrefix("scenarios/") })])
    }
}

extension ReportDirectory {
    /// Writes report.html from the files written so far (see `HTMLReport.page`). Call it
    /// last, before `commit`.
    public func writeHTMLReport(
        title: String, summary: String, whatRan: [HTMLReport.Fact], sections: [HTMLReport.Section], origin: ReportOrigin,
        viewerHint: String? = nil
    ) throws {
        let page = HTMLReport.page(
            title: title, summary: summary, whatRan: whatRan, sections: sections, origin: origin, files: writtenFiles(), viewerHint: viewerHint,
            read: contents(of:))
        try write(page.html(), to: "report.html")
    }
}

extension ConsoleDocument {
    /// As a report page's section body: each line a paragraph, each table an HTML table; the
    /// headings are left to the section.
    public var html: String {
        parts.map { part in
            switch part {
            case .line(let text): text.isEmpty ? "" : "<p>\(HTMLText.escaped(text))</p>\n"
            case .table(let header, let rows): HTMLReport.table(header: header, rows: rows) + "\n"
            case .heading: ""
            }
        }.joined()
    }
}
