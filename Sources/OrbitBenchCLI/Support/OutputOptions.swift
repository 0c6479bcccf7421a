import Foundation
import ArgumentParser
import OrbitBench

/// `--no-plots` and `--figure-format` of every command that draws figures (plots/*).
struct PlotOptions: ParsableArguments {
    @Flag(help: "Skip the figures (plots/*).")
    var noPlots = false

    @Option(help: ArgumentHelp("The figures' file format: png, svg or pdf (vector files for the web or a paper).", valueName: "format"))
    var figureFormat: FigureFormat = .png

    /// The format figures are written in, nil without figures.
    var figures: FigureFormat? { noPlots ? nil : figureFormat }

    /// `name` ("plots/allan.png") in the chosen format, for the "wrote …" lines.
    func file(_ name: String) -> String { figureFormat.fileName(name) }
}

extension FigureFormat: ExpressibleByArgument {}

/// How a command treats its output folder.
struct OutputOptions: ParsableArguments {
    @Flag(
        help:
            "Replace a non-empty output folder that another command (or no orbitbench command) wrote; the same command replaces its own folder without it."
    )
    var overwrite = false
}

extension OutputOptions {
    /// `--out ''` would write into the working directory: refused, like a folder that is the
    /// root or inside a system folder (`ReportDirectory`, `OutputPath.placementProblem(of:)`).
    static func check(out: String?) throws {
        guard let out, out.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        throw ValidationError("--out needs a folder, e.g. --out reports/mine (an empty one would write into the working directory)")
    }
}
