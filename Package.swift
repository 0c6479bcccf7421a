// swift-tools-version:6.0
import PackageDescription

// Layering (DESIGN.md §1): OrbitMath ← Fusion ← Capture, Rephoto are the portable "real code"
// and depend on Foundation and each other only. Simulation, Evaluation and Plotting may use the
// C libraries; the orbitbench executable is thin glue over all of them.
let package = Package(
    name: "OrbitBench",
    products: [
        .executable(name: "orbitbench", targets: ["orbitbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.0.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
    ],
    targets: [
        // System libraries, reached through pkg-config. The Makefile installs the Debian
        // packages named in `providers` when pkg-config cannot find them.
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CHDF5", pkgConfig: "hdf5", providers: [.apt(["libhdf5-dev"])]),
        // libpng reports errors with longjmp, which Swift cannot survive: this C target does the
        // setjmp and hands back error codes and messages.
        .target(name: "CPNGCodec", dependencies: ["CPNG"]),
        // glibc's mallopt, which Swift does not expose.
        .target(name: "CPlatform"),

        // Portable modules: Foundation only.
        .target(name: "OrbitMath"),
        .target(name: "Fusion", dependencies: ["OrbitMath"]),
        .target(name: "Capture", dependencies: ["OrbitMath", "Fusion"]),
        .target(name: "Rephoto", dependencies: ["OrbitMath"]),

        // Harness modules.
        .target(name: "Simulation", dependencies: ["OrbitMath", "CGSL"]),
        .target(name: "Scenarios", dependencies: ["OrbitMath", "Fusion", "Capture", "Simulation", .product(name: "Yams", package: "Yams")]),
        // Real sensor logs: BROAD HDF5, EuRoC and mapped CSV files.
        .target(name: "Recordings", dependencies: ["CHDF5", "OrbitMath", "Scenarios"]),
        .target(name: "Evaluation", dependencies: ["CGSL", "OrbitMath", "Fusion", "Capture", "Rephoto", "Simulation", "Scenarios", "Recordings"]),
        .target(name: "Plotting", dependencies: ["CCairo", "CPNGCodec"]),
        .target(name: "Reports", dependencies: ["Capture", "Rephoto", "Evaluation", "Plotting", "Scenarios"]),

        .executableTarget(
            name: "orbitbench",
            dependencies: [
                "OrbitMath", "Fusion", "Capture", "Simulation", "Scenarios", "Recordings", "Evaluation", "Plotting", "Reports", "CPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "OrbitMathTests",
            dependencies: ["OrbitMath", .product(name: "Numerics", package: "swift-numerics")]
        ),
        .testTarget(name: "FusionTests", dependencies: ["Fusion", "OrbitMath"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "Fusion", "OrbitMath"]),
        .testTarget(name: "RephotoTests", dependencies: ["Rephoto", "OrbitMath"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Evaluation", "CGSL"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "Simulation"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "Capture", "Fusion", "Rephoto", "Simulation", "Scenarios"]),
        // Runs the built executable end to end (the target depends on it so it is built first).
        .testTarget(name: "orbitbenchTests", dependencies: ["orbitbench", "Plotting", "Capture"]),
        .testTarget(name: "PlottingTests", dependencies: ["Plotting", "CCairo"]),
        .testTarget(name: "RecordingsTests", dependencies: ["Recordings", "CHDF5", "OrbitMath", "Scenarios"]),
    ],
    swiftLanguageModes: [.v6]
)
