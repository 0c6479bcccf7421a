import Foundation
import Testing

/// A copied binary in an empty folder: scenarios, thesis tables and the spin viewer's files come
/// from inside it, the baseline from the working directory — never from the checkout it was
/// built in. (The bundled regression suite is make test's scripts/check-regress.sh.)
@Suite struct RelocationTests {
    @Test func copiedBinaryWorksAnywhere() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("orbitbench")
        try FileManager.default.copyItem(at: Tool.executable, to: binary)
        let checkoutBaseline = Tool.repository.appendingPathComponent("reports/baseline/metrics.csv")
        let before = try Data(contentsOf: checkoutBaseline)

        let list = try Tool.run(["scenario", "list"], in: folder, executable: binary)
        #expect(list.status == 0 && list.standardOutput.contains("orbit-72") && list.standardOutput.contains("rephoto-fountain"))

        let run = try Tool.run(["run", "orbit-72", "--seeds", "1", "--no-plots"], in: folder, executable: binary)
        #expect(run.status == 0, "\(run.standardError)")
        // The same numbers as the committed baseline's orbit-72 seed 1 row (its first columns).
        let row = try String(contentsOf: folder.appendingPathComponent("reports/orbit-72/metrics.csv"), encoding: .utf8)
            .split(separator: "\n")[1]
        let baselineRow = try #require(String(decoding: before, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("orbit-72,1,") })
        #expect(baselineRow.hasPrefix(row))
        // The spin viewer's page, style and script (assets/viewer/) are inside the binary too.
        let view = try Tool.run(["view", "reports/orbit-72", "--html"], in: folder, executable: binary)
        #expect(view.status == 0, "\(view.standardError)")
        let page = try String(contentsOf: folder.appendingPathComponent("reports/orbit-72/viewer/index.html"), encoding: .utf8)
        #expect(page.contains(try String(contentsOf: Tool.repository.appendingPathComponent("assets/viewer/viewer.js"), encoding: .utf8)))

        // The bundled suite against the baseline in the working directory is make test's regress
        // step (scripts/check-regress.sh runs a copied binary the same way); here a one-run suite
        // shows that --update-baseline writes under the working directory, not into the checkout.
        try """
        description: one run
        scenarios:
          - {scenario: tripod-ideal, seeds: [1]}
        tolerances:
          - {metric: coverage, abs: 0.002}
        """.write(to: folder.appendingPathComponent("suite.yaml"), atomically: true, encoding: .utf8)
        let update = try Tool.run(["regress", "--suite", "suite.yaml", "--update-baseline", "--out", "regress"], in: folder, executable: binary)
        #expect(update.status == 0, "\(update.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("reports/baseline/metrics.csv").path))
        #expect(try Data(contentsOf: checkoutBaseline) == before)

        let thesis = try Tool.run(["thesis", "--out", "thesis"], in: folder, executable: binary)
        #expect(thesis.status == 0, "\(thesis.standardError)")
    }

    @Test func emptyScenarioListIsAnError() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try Tool.run(["scenario", "list", "--scenario-dir", "nowhere"], in: folder)
        #expect(missing.status != 0 && missing.standardError.contains("--scenario-dir nowhere: no such folder"))
    }
}
