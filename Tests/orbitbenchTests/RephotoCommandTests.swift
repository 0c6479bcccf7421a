import Foundation
import Plotting
import Testing

private func lines(_ url: URL) throws -> [Substring] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
}

@Suite struct ThesisCommandTests {
    @Test func auditsTheTablesAndWritesEveryFile() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["thesis", "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Table 6.2: 12 of 16 published distances reproduce from Table 6.1"))
        #expect(result.standardOutput.contains("Table 6.3: 10 of 10 published statistics reproduce"))
        #expect(result.standardOutput.contains("P3: published distances span 43.03, the rephotographs' points only 3.63"))
        let table62 = try lines(out.appendingPathComponent("table-6-2.csv"))
        #expect(table62[0] == "image,keypoint,published,recomputed,range_low,range_high,verdict")
        #expect(table62.count == 17)
        #expect(table62.filter { $0.hasSuffix(",disagree") }.allSatisfy { $0.contains(",P3,") })
        #expect(table62.contains("IMG_3420,P1,1.81,1.8042,1.7903,1.8182,agree"))
        let table63 = try lines(out.appendingPathComponent("table-6-3.csv"))
        #expect(table63.count == 11)
        let audit = try String(contentsOf: out.appendingPathComponent("audit.md"), encoding: .utf8)
        #expect(audit.contains("12 of 16 published distances agree"))
        #expect(audit.contains("mean absolute deviation"))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: out.appendingPathComponent("plots/keypoints.png"))))
        #expect(png.image.width >= 1000 && png.text("Source")?.contains("thesis") == true)
        // Tables 6.1–6.3 as LaTeX: three balanced tables; the P3 cells and the overall
        // statistics carry the dagger, the cells that reproduce do not.
        let latex = try String(contentsOf: out.appendingPathComponent("tables.tex"), encoding: .utf8)
        #expect(latex.components(separatedBy: "\\begin{table}").count == 4 && latex.components(separatedBy: "\\end{table}").count == 4)
        #expect(latex.filter { $0 == "{" }.count == latex.filter { $0 == "}" }.count)
        #expect(latex.contains("IMG\\_3420 & (32.57, 59.28) &"))
        #expect(latex.contains("IMG\\_3420 & 1.81 (1.80) & 0.33 (0.33) & 4.09$^\\dagger$ (0.88) & 1.97 (1.98)"))
        #expect(latex.contains("12 of 16 agree") && latex.contains("\\midrule Overall & 7.36$^\\dagger$"))
    }

    @Test func missingDataIsAOneLineError() throws {
        let result = try Tool.run(["thesis", "--data", "/nonexistent", "--out", Tool.temporaryDirectory().path])
        #expect(result.status != 0)
        #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("/nonexistent/table-6-1.csv"))
    }
}

@Suite struct RephotoRunTests {
    @Test func writesThesisLayoutTablesAndMetrics() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["run", "rephoto-fountain", "--seeds", "1,2", "--set", "rephoto.users=20", "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("rephoto-fountain: 40 rephotographs (2 seeds × 20 users)"))
        let folder = out.appendingPathComponent("rephoto-fountain")
        for file in ["summary.json", "metrics.csv", "users.csv", "table-6-2-sim.csv", "table-6-3-sim.csv", "plots/rephoto-errors.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        let metrics = try lines(folder.appendingPathComponent("metrics.csv"))
        #expect(
            metrics[0].hasSuffix(
                ",kp_err_mean,kp_err_sd,kp_err_mean_P1,kp_err_sd_P1,kp_err_mean_P2,kp_err_sd_P2,kp_err_mean_P3,kp_err_sd_P3,kp_err_mean_P4,kp_err_sd_P4"
            ))
        #expect(metrics.count == 3)
        let header = metrics[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let row = metrics[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let value = { (column: String) in row[header.firstIndex(of: column)!] }
        #expect(!header.contains("coverage") && !header.contains("frames_total"))  // capture metrics do not apply
        let mean = try #require(Double(value("kp_err_mean"))), sd = try #require(Double(value("kp_err_sd")))
        #expect(mean > 0.5 && mean < 5 && sd > 0)
        #expect(Double(value("att_rmse_total_deg")) != nil)

        let table62 = try lines(folder.appendingPathComponent("table-6-2-sim.csv"))
        #expect(table62[0] == "image,d_P1,d_P2,d_P3,d_P4")
        #expect(table62[1] == "reference,0.00,0.00,0.00,0.00")
        #expect(table62.count == 42 && table62[2].hasPrefix("seed-1/user-001,"))
        let table63 = try lines(folder.appendingPathComponent("table-6-3-sim.csv"))
        #expect(table63.map { $0.split(separator: ",").first! } == ["distance", "d_P1", "d_P2", "d_P3", "d_P4", "overall"])
        #expect(table63[0] == "distance,mean,sigma,sd,images")
        #expect(table63[5].hasSuffix(",40"))

        // Table 6.3's overall mean is the mean of every Table 6.2 distance.
        let distances = table62.dropFirst(2).flatMap { $0.split(separator: ",").dropFirst().map { Double($0)! } }
        let overall = try #require(Double(table63[5].split(separator: ",")[1]))
        #expect(abs(overall - distances.reduce(0, +) / Double(distances.count)) < 0.006)

        let png = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("plots/rephoto-errors.png"))))
        #expect(png.text("Comment") == "seeds 1,2; overrides rephoto.users=20")
    }

    @Test func sameSeedsGiveByteIdenticalTables() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        for name in ["a", "b"] {
            let result = try Tool.run([
                "run", "rephoto-fountain", "--seeds", "3", "--set", "rephoto.users=15", "--no-plots", "--out", out.appendingPathComponent(name).path,
            ])
            #expect(result.status == 0)
        }
        for file in ["metrics.csv", "users.csv", "table-6-2-sim.csv", "table-6-3-sim.csv", "summary.json"] {
            let a = try Data(contentsOf: out.appendingPathComponent("a/rephoto-fountain/\(file)"))
            let b = try Data(contentsOf: out.appendingPathComponent("b/rephoto-fountain/\(file)"))
            #expect(a == b, "\(file)")
        }
    }

    @Test func badRephotoSettingsAreOneLineErrors() throws {
        let zero = try Tool.run(["run", "rephoto-fountain", "--set", "rephoto.users=0", "--out", Tool.temporaryDirectory().path])
        #expect(zero.status != 0 && zero.standardError.split(separator: "\n").count == 1)
        #expect(zero.standardError.contains("rephoto.users: 0 is out of range; allowed 1...100000"))
        let foreign = try Tool.run(["run", "rephoto-fountain", "--set", "selection.threshold=3", "--out", Tool.temporaryDirectory().path])
        #expect(foreign.status != 0 && foreign.standardError.contains("selection: not used by rephoto scenarios"))
    }
}
