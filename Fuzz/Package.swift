// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets over OrbitBench's readers, one executable per reader. Build and run them
// with `make fuzz` (scripts/fuzz.sh): release mode with -sanitize=fuzzer,address, linked by
// lld; each program passes its arguments to libFuzzer's driver (LLVMFuzzerRunDriver).
let targets = [
    "scenario", "mapping", "mapped-csv", "euroc", "report-csv", "thesis", "recording-json", "hdf5", "report-manifest", "sweep-digest",
]

let package = Package(
    name: "OrbitBenchFuzz",
    products: targets.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [.package(name: "OrbitBench", path: "..")],
    targets: [
        .target(name: "FuzzDriver", dependencies: [.product(name: "FuzzEntryPoints", package: "OrbitBench")])
    ] + targets.map { name in .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzDriver"], path: "Sources/fuzz-\(name)") },
    swiftLanguageModes: [.v6]
)
