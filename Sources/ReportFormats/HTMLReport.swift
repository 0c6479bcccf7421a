import Foundation

/// `report.html`: the one page every command writes into its folder, in reading order —
/// what ran, the verdict or summary, the figures that explain it (each with a caption saying
/// what to look for), then the viewer, the files and the provenance.
///
/// The page is self-contained: its style and script are inline and its figures are embedded
/// as data URLs, so it can be mailed or published as a CI artifact alone. Links to the folder's
/// files (the data, the full-size figure files, the spin viewer) work when the folder is kept
/// together. Tables scroll sideways inside their box instead of widening the page, so the page
/// fits a phone's width (390 CSS px).
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

    /// One line of "What ran": a label (scenario, selector, seeds…) and its value.
    public struct Fact: Equatable, Sendable {
        public var label: String
        public var value: String

        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// A figure file of the folder and its bytes, embedded into the page.
    public struct Figure {
        /// Path relative to the report folder (`plots/coverage-polar.png`).
        public var file: String
        public var bytes: [UInt8]

        public init(file: String, bytes: [UInt8]) {
            self.file = file
            self.bytes = bytes
        }
    }

    public var title: String
    /// One or two sentences under the title: the verdict, or what the page is about.
    public var summary: String
    public var whatRan: [Fact]
    /// The verdict and summary tables, shown before the figures.
    public var sections: [Section]
    public var figures: [Figure]
    /// Figure files a page cannot show (PDF), linked with their captions.
    public var linkedFigures: [String]
    /// The viewer link, the files and the provenance, shown after the figures.
    public var trailing: [Section]

    public init(
        title: String, summary: String, whatRan: [Fact], sections: [Section], figures: [Figure] = [], linkedFigures: [String] = [],
        trailing: [Section] = []
    ) {
        self.title = title
        self.summary = summary
        self.whatRan = whatRan
        self.sections = sections
        self.figures = figures
        self.linkedFigures = linkedFigures
        self.trailing = trailing
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
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>\(HTMLText.escaped(title))</h1>
            <p class="summary">\(HTMLText.escaped(summary))</p>

            """
        page += "<section id=\"what-ran\"><h2>What ran</h2>\n" + Self.factList(whatRan) + "</section>\n"
        for section in sections { page += Self.render(section) }
        page += Self.figuresHTML(figures, linked: linkedFigures)
        for section in trailing { page += Self.render(section) }
        page += "<div id=\"zoom\" hidden><img alt=\"\"></div>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// Label and value pairs as a definition list: side by side on a wide screen, the value
    /// under its label on a phone; long values wrap.
    static func factList(_ facts: [Fact]) -> String {
        "<dl class=\"facts\">\n"
            + facts.map { "<dt>\(HTMLText.escaped($0.label))</dt><dd>\(HTMLText.escaped($0.value))</dd>\n" }.joined() + "</dl>"
    }

    static let figuresStart = "<!-- figures -->\n", figuresEnd = "<!-- end of figures -->\n"

    /// The figures section in reading order, between markers that `replacingFigures` finds
    /// (the markers alone when there are none).
    static func figuresHTML(_ figures: [Figure], linked: [String] = []) -> String {
        guard !figures.isEmpty || !linked.isEmpty else { return figuresStart + figuresEnd }
        var html = figuresStart + "<section id=\"figures\"><h2>Figures</h2>\n"
        if !figures.isEmpty {
            html += "<p class=\"muted\">Select a figure to see it at full size.</p>\n"
            for figure in FigureGuide.ordered(figures) { html += figureHTML(figure) }
        }
        if !linked.isEmpty {
            // PDF figures cannot be shown in the page: each file with its caption.
            html += "<p class=\"muted\">The figures are PDF files beside this page:</p>\n<ul>\n"
            let ordered = FigureGuide.ordered(linked.map { Figure(file: $0, bytes: []) }).map(\.file)
            for file in ordered {
                let guide = FigureGuide.entry(for: file)
                let caption = guide.map { " — <strong>\(HTMLText.escaped($0.heading)).</strong> \(HTMLText.escaped($0.caption))" } ?? ""
                html += "<li><a href=\"\(href(file))\">\(HTMLText.escaped(file))</a>\(caption)</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n" + figuresEnd
    }

    private static func render(_ section: Section) -> String {
        "<section><h2>\(HTMLText.escaped(section.heading))</h2>\n\(section.html)\n</section>\n"
    }

    /// A figure embedded as a data URL, linked to its file (the full-size view without script),
    /// with its caption.
    private static func figureHTML(_ figure: Figure) -> String {
        let guide = FigureGuide.entry(for: figure.file)
        let mime = FigureGuide.mimeType(of: figure.file)
        let data = "data:\(mime);base64," + Data(figure.bytes).base64EncodedString()
        let caption = guide.map { "<strong>\(HTMLText.escaped($0.heading)).</strong> \(HTMLText.escaped($0.caption))" } ?? ""
        return """
            <figure>
            <a class="zoomable" href="\(href(figure.file))"><img src="\(data)" alt="\(HTMLText.escaped(guide?.heading ?? figure.file))"></a>
            <figcaption>\(caption) <span class="muted">(\(HTMLText.escaped(figure.file)))</span></figcaption>
            </figure>

            """
    }

    /// Narrow screens: the page never scrolls sideways. A table shows each row as a card of
    /// "header: value" lines on a screen up to 700 px, or wherever it is wider than its box
    /// (`script` sets `cards`), so every value is on screen; long values wrap.
    static let style = """
        body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1150px; padding: 0 12px; color: #222; }
        h1 { font-size: 1.5em; margin-bottom: 0.2em; overflow-wrap: anywhere; }
        h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
        .summary { font-size: 1.05em; background: #f3f6fa; border-left: 4px solid #4477aa; padding: 0.5em 0.8em; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; }
        .facts dt { color: #555; } .facts dd { margin: 0; overflow-wrap: anywhere; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; margin: 0.5em 0; }
        td, th { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; white-space: nowrap; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; } th { background: #f4f4f4; }
        td.wrap { white-space: normal; min-width: 14em; }
        figure { margin: 1.2em 0; } figure img { max-width: 100%; height: auto; border: 1px solid #ddd; cursor: zoom-in; }
        figcaption { color: #333; } .muted { color: #666; }
        code, pre { background: #f4f4f4; padding: 1px 4px; overflow-wrap: anywhere; } pre { white-space: pre-wrap; }
        ul { padding-left: 1.3em; } li { overflow-wrap: anywhere; }
        th { white-space: normal; vertical-align: bottom; } th code.column { font-weight: normal; font-size: 0.8em; color: #666; }
        table.cards thead { display: none; }
        table.cards, table.cards tbody, table.cards tr { display: block; }
        table.cards tr { border: 1px solid #ddd; border-radius: 4px; margin: 0 0 8px; padding: 4px 8px; }
        table.cards td { display: flex; justify-content: space-between; gap: 1em; white-space: normal; border: none; padding: 1px 0;
          overflow-wrap: anywhere; text-align: right; min-width: 0; }
        table.cards td::before { content: attr(data-label); color: #555; text-align: left; flex: 0 0 auto; max-width: 45%; }
        @media (max-width: 600px) { .facts { grid-template-columns: 1fr; } .facts dd { margin: 0 0 4px 1em; } }
        #zoom { position: fixed; inset: 0; background: rgba(0,0,0,0.85); overflow: auto; cursor: zoom-out; z-index: 10; }
        #zoom img { display: block; margin: 0 auto; max-width: none; background: #fff; }
        """

    /// A figure opens at its own size over the page; a click or Escape closes it.
    static let script = """
        (function () {
          var zoom = document.getElementById('zoom'), image = zoom.querySelector('img');
          function close() { zoom.hidden = true; image.removeAttribute('src'); }
          document.querySelectorAll('a.zoomable').forEach(function (link) {
            link.addEventListener('click', function (event) {
              event.preventDefault();
              image.src = link.querySelector('img').src;
              zoom.hidden = false;
            });
          });
          zoom.addEventListener('click', close);
          document.addEventListener('keydown', function (event) { if (event.key === 'Escape') { close(); } });
          function fit() {
            document.querySelectorAll('table.data').forEach(function (table) {
              table.classList.remove('cards');
              if (window.innerWidth <= 700 || table.scrollWidth > table.parentElement.clientWidth + 1) { table.classList.add('cards'); }
            });
          }
          fit();
          window.addEventListener('resize', fit);
        })();
        """

    /// A relative link target: each path component percent-encoded, so a file name cannot
    /// leave the attribute or the folder's scheme.
    public static func href(_ path: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
            .joined(separator: "/")
    }
}

extension HTMLReport {
    /// `page` (a report.html this type wrote) with its figures section replaced by `figures`:
    /// after `orbitbench plot` draws a folder's figures again, its page shows the new ones.
    /// `nil` when the page has no figures section (not written by this version).
    public static func replacingFigures(in page: String, with figures: [Figure], linked: [String] = []) -> String? {
        guard let start = page.range(of: figuresStart), let end = page.range(of: figuresEnd, range: start.lowerBound..<page.endIndex) else {
            return nil
        }
        return page.replacingCharacters(in: start.lowerBound..<end.upperBound, with: figuresHTML(figures, linked: linked))
    }
}
