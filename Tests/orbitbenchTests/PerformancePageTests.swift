import ArgumentParser
import Foundation
import ReportIO
import TestSupport
import Testing

@testable import orbitbench

/// docs/performance.md is `orbitbench bench --markdown` pasted by scripts/update-performance.sh:
/// it must come from the code as it is now — the benchmarks and everything they measure — and
/// every command it shows must be one the executable accepts.
@Suite struct PerformancePageTests {
    let page = (try? String(contentsOf: Repository.root.appendingPathComponent("docs/performance.md"), encoding: .utf8)) ?? ""

    /// The SHA-256 of every file under Sources/ concatenated in byte order of their paths, as
    /// the script computes it with sha256sum: the benchmarks and the code they time.
    static func sourcesDigest() throws -> String {
        let root = Repository.root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CocoaError(.fileReadUnknown)
        }
        var paths: [String] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count)))
        }
        var running = ContentDigest.Running()
        for path in paths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            running.update(try Data(contentsOf: root.appendingPathComponent(path)))
        }
        return running.digest.hex
    }

    @Test func tableComesFromTheCurrentCode() throws {
        let recorded = page.split(separator: "\n").first { $0.hasPrefix("Sources SHA-256: ") }
        let digest = try #require(recorded, "docs/performance.md has no generated table: run scripts/update-performance.sh")
        #expect(
            digest.contains(try Self.sourcesDigest()),
            "Sources/ changed since docs/performance.md was generated: run scripts/update-performance.sh")
    }

    @Test func everyCommandShownParses() throws {
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| what") && !$0.hasPrefix("| ---") }
        #expect(rows.count >= 20, "the generated table has \(rows.count) rows")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let command = try #require(cells.last { $0.hasPrefix("`orbitbench") }, "row without a command: \(row)")
            let arguments = command.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ").dropFirst().map(String.init)
            #expect(throws: Never.self, "\(command)") { _ = try OrbitBenchTool.parseAsRoot(arguments) }
        }
    }
}
