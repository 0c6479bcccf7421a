// swift-tools-version:6.0
import PackageDescription

// Layering (docs/ARCHITECTURE.md): OrbitMath ← Fusion ← Capture, Rephoto are the
// portable "real code" and depend on Foundation and each other only. The harness modules
// may use the C libraries; `OrbitBench` is the harness as one
// library; `OrbitBenchCLI` holds the commands (a user's own executable can register plug-ins and
// run them); the orbitbench executable is a one-line client of it.
let package = Package(
    name: "OrbitBench",
    products: [
        // What a phone app embeds: Foundation only.
        .library(name: "OrbitMath", targets: ["OrbitMath"]),
        .library(name: "Fusion", targets: ["Fusion"]),
        .library(name: "Capture", targets: ["Capture"]),
        .library(name: "Rephoto", targets: ["Rephoto"]),
        // The harness: scenarios, simulation, runners, metrics, reports, recordings, replay.
        .library(name: "OrbitBench", targets: ["OrbitBench"]),
        // Every orbitbench command, for an executable that registers its own selectors and filters.
        .library(name: "OrbitBenchCLI", targets: ["OrbitBenchCLI"]),
        .executable(name: "orbitbench", targets: ["orbitbench"]),
        .executable(name: "orbitbench-probe", targets: ["orbitbench-probe"]),
        // The readers as byte-level entry points, for the libFuzzer targets in Fuzz/.
        .library(name: "FuzzEntryPoints", targets: ["FuzzEntryPoints"]),
        .executable(name: "fuzz-replay", targets: ["fuzz-replay"]),
    ],
    // Exact versions: a build is reproducible without a committed Package.resolved.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
    ],
    targets: [
        // System libraries, reached through pkg-config. The Makefile installs the Debian
        // packages named in `providers` when pkg-config cannot find them.
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CHDF5", pkgConfig: "hdf5", providers: [.apt(["libhdf5-dev"])]),
        // SHA-256 of stored results (shards, sweeps), so an edited row is noticed: Foundation on
        // Linux has no hash, and the system's libcrypto is linked already (through HDF5's libcurl).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // PNG encoding and decoding through libpng, which reports errors with longjmp, which
        // Swift cannot survive: this C target does the setjmp and hands back error codes and
        // messages.
        .target(name: "CPNGCodec", dependencies: ["CPNG"]),
        // libjpeg's error_exit likewise: encoding behind a setjmp boundary.
        .target(name: "CJPEGCodec", dependencies: ["CJPEG"]),
        // cairo's headers, and its library loaded on first use (dlopen): only the commands that
        // draw pay for loading it and its X11 and font libraries.
        .target(name: "CCairo", dependencies: ["CPlatform"]),
        // glibc's mallopt, which Swift does not expose.
        .target(name: "CPlatform"),

        // Portable modules: Foundation only.
        .target(name: "OrbitMath"),
        .target(name: "Fusion", dependencies: ["OrbitMath"]),
        .target(name: "Capture", dependencies: ["OrbitMath", "Fusion"]),
        .target(name: "Rephoto", dependencies: ["OrbitMath"]),

        // Harness modules.
        .target(name: "Simulation", dependencies: ["OrbitMath", "CGSL"]),
        // The declarative YAML schema engine: keys, types, ranges, help, overrides, line-numbered errors.
        .target(name: "ConfigKit", dependencies: ["OrbitMath", .product(name: "Yams", package: "Yams")]),
        .target(
            name: "Scenarios", dependencies: ["ConfigKit", "BundledFiles", "ReportIO", "OrbitMath", "Fusion", "Capture", "Simulation", "Recordings"]),
        // The checkout's scenarios/ folder and git revision, compiled in by the BundleFiles plugin
        // so a copied binary needs no checkout.
        .executableTarget(name: "BundleGenerator"),
        .plugin(name: "BundleFiles", capability: .buildTool(), dependencies: ["BundleGenerator"]),
        .target(name: "BundledFiles", plugins: ["BundleFiles"]),
        // Files: CSV reading and writing, report folders written atomically, JSON, content digests.
        .target(name: "ReportIO", dependencies: ["BundledFiles", "COpenSSL", "CPlatform"]),
        // Real sensor logs: BROAD HDF5, EuRoC and mapped CSV files.
        .target(name: "Recordings", dependencies: ["CPlatform", "ConfigKit", "OrbitMath", "Fusion", "Capture", "ReportIO", "BundledFiles"]),
        // The child process that reads an HDF5 file first (RecordingIsolation.probe); the
        // OrbitBench library depends on it so that every product using OrbitBench builds it.
        .executableTarget(name: "orbitbench-probe", dependencies: ["Recordings"]),
        // How many runs are carried out: worker threads, results spilled to disk, clocks, job
        // shards of a job array.
        .target(name: "Execution", dependencies: ["ReportIO"]),
        // Statistics of results and sensor data: paired tests, ranks, summaries, Allan deviation.
        .target(name: "StatisticsKit", dependencies: ["CGSL", "OrbitMath"]),
        // Runs: one seed of a scenario (capture, fusion, rephoto), a replayed session, their metrics.
        .target(
            name: "Runs",
            dependencies: [
                "CGSL", "OrbitMath", "ReportIO", "Fusion", "Capture", "Rephoto", "Simulation", "Scenarios", "Recordings", "Execution",
                "StatisticsKit",
            ]),
        // A recording's digital twin: the simulator's sensors along its own reference motion.
        .target(name: "Twin", dependencies: ["OrbitMath", "Recordings", "Runs", "Simulation", "StatisticsKit", "Execution"]),
        // Experiments over many runs: sweeps, tuning, the regression benchmark, the thesis audit.
        .target(
            name: "Experiments",
            dependencies: [
                "CGSL", "ConfigKit", "ReportIO", "BundledFiles", "Rephoto", "Simulation", "Scenarios", "Runs", "Execution", "StatisticsKit",
                "OrbitMath", "Fusion", "Recordings",
            ]),
        .target(name: "Plotting", dependencies: ["OrbitMath", "CCairo", "CPNGCodec"]),
        // Synthetic camera frames: the scene drawn with cairo from sub-exposure poses, sensor
        // noise, JPEG encoding and an image sharpness measure.
        .target(name: "Rendering", dependencies: ["OrbitMath", "Simulation", "CCairo", "CJPEGCodec"]),
        // The formats every report shares, before any run: report.html, provenance.json, text,
        // Markdown and LaTeX tables, figure captions.
        .target(name: "ReportFormats", dependencies: ["BundledFiles", "Plotting", "ReportIO", "Scenarios"]),
        .target(
            name: "Reports",
            dependencies: [
                "OrbitMath", "ReportIO", "ReportFormats", "BundledFiles", "Capture", "Rephoto", "Simulation", "Runs", "Plotting", "Recordings",
                "Scenarios", "Rendering", "Execution", "StatisticsKit",
            ]),
        // Reports of experiments over many runs: sweeps, tuning, comparisons, regressions, the thesis audit.
        .target(
            name: "ExperimentReports",
            dependencies: [
                "Experiments", "Plotting", "Rephoto", "ReportIO", "ReportFormats", "Runs", "Scenarios", "StatisticsKit", "OrbitMath", "Twin",
            ]),

        // The harness as one import: re-exports the modules above and adds the top-level API.
        .target(
            name: "OrbitBench",
            dependencies: [
                "OrbitMath", "Fusion", "Capture", "Rephoto", "Simulation", "Scenarios", "Recordings", "Runs", "Experiments", "Plotting", "Reports",
                "ReportFormats", "ExperimentReports",
                "ReportIO", "BundledFiles", "Rendering", "orbitbench-probe", "Execution", "StatisticsKit", "Twin",
            ]),
        // Every timing harness of `orbitbench bench`, outside the product modules.
        .target(name: "OrbitBenchBenchmarks", dependencies: ["OrbitBench"]),
        .target(
            name: "OrbitBenchCLI",
            dependencies: ["OrbitBench", "CPlatform", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The executable: the CLI's commands and `bench`, which only it links (embedders of
        // OrbitBenchCLI do not build the benchmarks).
        .executableTarget(
            name: "orbitbench",
            dependencies: ["OrbitBenchCLI", "OrbitBenchBenchmarks", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Fuzzing: every reader from bytes (Fuzz/ builds libFuzzer targets on it) and the corpus replay make test runs.
        .target(name: "FuzzEntryPoints", dependencies: ["Capture", "Experiments", "Recordings", "ReportIO", "Runs", "Scenarios"]),
        .executableTarget(name: "fuzz-replay", dependencies: ["FuzzEntryPoints", "CPlatform"]),

        // Examples/CustomSelector, a team's own package, compiled here too: its code may import
        // the public products only (scripts/check-architecture.py), so this build proves what
        // its own would — the public API is enough — without building OrbitBench a second time.
        .target(name: "CustomCode", dependencies: ["OrbitBench"], path: "Examples/CustomSelector/Sources/CustomCode"),
        .executableTarget(
            name: "CustomSelector", dependencies: ["CustomCode", "OrbitBench"], path: "Examples/CustomSelector/Sources/CustomSelector"),
        .executableTarget(
            name: "custom-orbitbench", dependencies: ["CustomCode", "OrbitBenchCLI"], path: "Examples/CustomSelector/Sources/custom-orbitbench"),

        .testTarget(name: "OrbitMathTests", dependencies: ["TestSupport", "OrbitMath"]),
        .testTarget(name: "FusionTests", dependencies: ["Fusion", "OrbitMath"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "Fusion", "OrbitMath"]),
        .testTarget(name: "RephotoTests", dependencies: ["Rephoto", "OrbitMath"]),
        .testTarget(name: "SimulationTests", dependencies: ["OrbitMath", "Simulation", "Runs", "CGSL", "StatisticsKit"]),
        .testTarget(name: "ScenariosTests", dependencies: ["TestSupport", "Capture", "Fusion", "Scenarios", "Simulation"]),
        // Paths of the checkout for every test target.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "RunsTests",
            dependencies: [
                "TestSupport", "OrbitMath", "ReportIO", "Runs", "Capture", "Fusion", "Rephoto", "Simulation", "Scenarios", "Execution",
                "StatisticsKit", "Twin",
                "Recordings",
            ]),
        .testTarget(
            name: "ExperimentsTests",
            dependencies: [
                "TestSupport", "Capture", "Fusion", "Runs", "Experiments", "Scenarios", "ReportIO", "Simulation", "Execution", "StatisticsKit",
                "OrbitMath", .product(name: "Yams", package: "Yams"),
            ]),
        // Runs the built executable end to end (the target depends on it so it is built first).
        .testTarget(
            name: "orbitbenchTests",
            dependencies: [
                "TestSupport", "orbitbench", "Plotting", "Capture", "ReportIO", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "OrbitBenchLibraryTests", dependencies: ["TestSupport", "OrbitBench"]),
        .testTarget(name: "OrbitBenchBenchmarksTests", dependencies: ["TestSupport", "OrbitBench", "OrbitBenchBenchmarks"]),
        // Broken filters and selectors plugged in through the public API only, as a team's package would.
        .testTarget(name: "PluginZooTests", dependencies: ["TestSupport", "OrbitBench", "OrbitBenchCLI"]),
        .testTarget(name: "PlottingTests", dependencies: ["Plotting", "CCairo", "CPNGCodec"]),
        .testTarget(name: "StatisticsKitTests", dependencies: ["StatisticsKit", "OrbitMath", "Fusion"], exclude: ["arm_comparison_reference.py"]),
        .testTarget(name: "ExecutionTests", dependencies: ["Execution", "ReportIO"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Simulation", "OrbitMath", "Runs", "StatisticsKit"]),
        .testTarget(
            name: "RecordingsTests", dependencies: ["TestSupport", "Recordings", "CHDF5", "CPlatform", "OrbitMath", "Scenarios", "ReportIO"]),
    ],
    swiftLanguageModes: [.v6]
)
