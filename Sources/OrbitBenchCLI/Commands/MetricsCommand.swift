import ArgumentParser
import OrbitBench

struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "List every metric: column name, unit, which way is better, which runs have it, what it means.",
        discussion: """
            The one metric table behind metrics.csv, summary.json, regress tolerances, sweep \
            and tune expressions and plot labels.

            Examples:
              orbitbench metrics
              orbitbench metrics --markdown
            """)

    @Flag(help: "Print a Markdown table (docs/reference/metrics.md).")
    var markdown = false

    func run() {
        print(markdown ? MetricTableReport.markdown() : MetricTableReport.text(), terminator: "")
    }
}
