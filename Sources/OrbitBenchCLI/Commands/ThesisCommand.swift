import ArgumentParser
import Foundation
import OrbitBench

struct ThesisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thesis",
        abstract: "Recompute the rephotography thesis's Tables 6.2 and 6.3 from Table 6.1 and audit them.",
        discussion: """
            Reads the published tables from scenarios/thesis/ and writes table-6-2.csv, \
            table-6-3.csv, audit.md (every published cell beside its recomputation, and what \
            explains the cells that do not reproduce) and plots/keypoints.png.

            Example: orbitbench thesis --out reports/thesis
            """)

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/thesis"

    @Option(help: ArgumentHelp("Folder with the published tables (default: scenarios/thesis).", valueName: "dir"))
    var data: String?

    @OptionGroup var outputOptions: OutputOptions

    @OptionGroup var plotOptions: PlotOptions
    @OptionGroup var quietOption: QuietOption

    func validate() throws { try OutputOptions.check(out: out) }

    func run() throws {
        let directory = data ?? Self.defaultDataDirectory()
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "thesis", overwrite: outputOptions.overwrite)
        let thesis = try CommandFailure.wrapping { try ThesisData.load(directory: directory) }
        let origin = ReportOrigin(command: "thesis", scenarios: ["thesis tables 6.1–6.3 (\(directory))"])
        try report.record(origin, scenarios: [])
        let audit = ThesisAudit(data: thesis)
        try report.write(ThesisReport.table62(audit).bytes, to: "table-6-2.csv")
        try report.write(ThesisReport.table63(audit).bytes, to: "table-6-3.csv")
        let markdown = ThesisReport.markdown(audit)
        try report.write(markdown, to: "audit.md")
        try report.write(ThesisReport.latex(audit), to: "tables.tex")
        try report.writeFigure("plots/keypoints.png", format: plotOptions.figures, origin: origin) {
            try ThesisReport.keypointsFigure(audit, output: $0)
        }
        try ThesisReport.writePage(audit, dataDirectory: directory, to: report, origin: origin)
        try report.commit()
        for line in ThesisReport.findings(audit) { print(line) }
        print(
            "wrote \(report.destination.path)/{table-6-2.csv, table-6-3.csv, audit.md, tables.tex\(plotOptions.noPlots ? "" : ", " + plotOptions.file("plots/keypoints.png")), report.html}"
        )
    }

    /// scenarios/thesis relative to the working directory, else the copy in the binary.
    static func defaultDataDirectory() -> String { Bench.thesisDataDirectory }
}
