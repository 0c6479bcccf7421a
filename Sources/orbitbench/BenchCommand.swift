import ArgumentParser
import OrbitBenchBenchmarks

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the CPU cost of the hot paths (build with -c release first).",
        discussion: """
            Reports the median CPU time of each piece of work over --repetitions runs, after \
            warm-up; one seed's phases against its compute floor (and against the floor with \
            the frames' blur counted in it); 40 seeds on one core and on \
            all (medians of 5 interleaved pairs); the peak RSS of `run orbit-72 --seeds 1 \
            --no-plots` as a 1-, 10- and 60-minute orbit (three child processes, ≈ 2 s); and \
            the wall clock of `run orbit-72 --seeds 1` with its plots against `--no-plots` \
            (child processes, --repetitions / 2 interleaved pairs, at least 5). The timing code \
            is the OrbitBenchBenchmarks library (`BenchmarkSuite`). Debug builds are several \
            times slower; quote release figures only.

            Example: swift build -c release && .build/release/orbitbench bench --repetitions 50
            """)

    @Option(help: "Measured repetitions per benchmark.")
    var repetitions: Int = 30

    @Flag(help: "Print one markdown table at the end (what, figure, reference, ratio, command), as docs/performance.md shows it.")
    var markdown = false

    func validate() throws {
        guard (1...100_000).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...100000") }
    }

    func run() throws {
        #if DEBUG
            print("warning: this is a debug build; figures are not representative (use .build/release/orbitbench)")
        #endif
        var rows: [BenchmarkRow] = []
        try BenchmarkSuite.run(repetitions: repetitions) { row in
            rows.append(row)
            if !markdown { print(row.line) }
        }
        if markdown { print(BenchmarkRow.markdownTable(rows), terminator: "") }
    }
}
