// swift-tools-version:6.0
import PackageDescription

// A capture team's own package: it depends on OrbitBench (here by path; in your project by
// URL) and runs its own selection policy and filter through the bench.
let package = Package(
    name: "CustomSelector",
    dependencies: [.package(name: "OrbitBench", path: "../..")],
    targets: [
        .executableTarget(name: "CustomSelector", dependencies: [.product(name: "OrbitBench", package: "OrbitBench")]),
    ],
    swiftLanguageModes: [.v6]
)
