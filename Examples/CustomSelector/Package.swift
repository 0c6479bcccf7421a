// swift-tools-version:6.0
import PackageDescription

// A capture team's own package: it depends on OrbitBench (here by path; in your project by
// URL) and runs its own selection policy and filter through the bench, from a program of its
// own (CustomSelector) and through the full command line (custom-orbitbench).
let package = Package(
    name: "CustomSelector",
    dependencies: [.package(name: "OrbitBench", path: "../..")],
    targets: [
        .target(name: "CustomCode", dependencies: [.product(name: "OrbitBench", package: "OrbitBench")]),
        .executableTarget(name: "CustomSelector", dependencies: ["CustomCode", .product(name: "OrbitBench", package: "OrbitBench")]),
        .executableTarget(name: "custom-orbitbench", dependencies: ["CustomCode", .product(name: "OrbitBenchCLI", package: "OrbitBench")]),
    ],
    swiftLanguageModes: [.v6]
)
