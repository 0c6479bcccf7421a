import ArgumentParser
import Foundation
import OrbitBench
import OrbitBenchCLI
import TestSupport
import Testing

/// docs/performance.md is `orbitbench bench --markdown` pasted by scripts/update-performance.sh:
/// it must come from the benchmark code as it is now, and every command it shows must be one
/// the CLI accepts.
@Suite struct PerformancePageTests {
    let page = (try? String(contentsOf: Repository.root.appendingPathComponent("docs/performance.md"), encoding: .utf8)) ?? ""

    /// The SHA-256 of Sources/OrbitBenchBenchmarks/*.swift concatenated in byte order of their
    /// paths, as the script computes it with sha256sum.
    static func benchmarkSourcesDigest() throws -> String {
        let folder = Repository.root.appendingPathComponent("Sources/OrbitBenchBenchmarks")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var running = ContentDigest.Running()
        for name in names { running.update(try Data(contentsOf: folder.appendingPathComponent(name))) }
        return running.digest.hex
    }

    @Test func tableComesFromTheCurrentBenchmarks() throws {
        let recorded = page.split(separator: "\n").first { $0.hasPrefix("Benchmark sources SHA-256: ") }
        let digest = try #require(recorded, "docs/performance.md has no generated table: run scripts/update-performance.sh")
        #expect(
            digest.contains(try Self.benchmarkSourcesDigest()),
            "the benchmark sources changed since docs/performance.md was generated: run scripts/update-performance.sh")
    }

    @Test func everyCommandShownParses() throws {
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| what") }
        #expect(rows.count >= 20, "the generated table has \(rows.count) rows")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let command = try #require(cells.last { $0.hasPrefix("`orbitbench") }, "row without a command: \(row)")
            let arguments = command.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ").dropFirst().map(String.init)
            #expect(throws: Never.self, "\(command)") { _ = try OrbitBenchCommand.parseAsRoot(arguments) }
        }
    }
}
