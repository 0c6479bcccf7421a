import ArgumentParser
import OrbitBench

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a capture report's figures again from its CSV files, without re-running.",
        discussion: """
            Reads frames.csv, slots.csv and summary.json of a folder `orbitbench run` wrote and \
            replaces its plots/*.png (after a plotting change, or to draw a report made by an older \
            version). The true-angle line is drawn through the frames' true angles.

            Example: orbitbench plot reports/orbit-72
            """)

    @Argument(help: ArgumentHelp("A capture report folder (orbitbench run's <out>/<scenario>).", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("The figures' file format: png, svg or pdf.", valueName: "format"))
    var figureFormat: FigureFormat = .png

    @OptionGroup var workOptions: WorkOptions

    func run() throws {
        workOptions.applyJobs()
        let written = try CommandFailure.wrapping { try Bench.replot(directory, format: figureFormat) }
        print("wrote \(directory)/{\(written.joined(separator: ", "))}")
    }
}
