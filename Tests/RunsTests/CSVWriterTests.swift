import Runs
import Foundation
import ReportIO
import Testing
import Recordings

@Suite struct CSVWriterTests {
    @Test func fixedDecimalsRoundHalfAwayFromZeroWithoutNegativeZero() {
        #expect(NumberText.fixed(1.5, decimals: 2) == "1.50")
        #expect(NumberText.fixed(-0.004, decimals: 2) == "0.00")
        #expect(NumberText.fixed(-0.005, decimals: 2) == "-0.01")
        #expect(NumberText.fixed(0.125, decimals: 2) == "0.13")
        #expect(NumberText.fixed(7, decimals: 0) == "7")
        #expect(NumberText.fixed(0, decimals: 0) == "0")
        #expect(NumberText.fixed(0.5, decimals: 1) == "0.5")
        #expect(NumberText.fixed(123456.789, decimals: 3) == "123456.789")
        #expect(NumberText.fixed(-2.5e-7, decimals: 9) == "-0.000000250")
        #expect(NumberText.fixed(.nan, decimals: 3) == "nan")
        #expect(NumberText.fixed(-.infinity, decimals: 3) == "-inf")
        #expect(NumberText.fixed(1e20, decimals: 2) == "1e+20")
    }

    @Test func agreesWithPrintfOnRandomValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            // Values with at most 6 decimals, so no rounding ties differ from printf's.
            let value = Double(Int.random(in: -10_000_000_000...10_000_000_000, using: &generator)) / 1_000_000
            #expect(NumberText.fixed(value, decimals: 6) == String(format: "%.6f", value), "\(value)")
        }
    }

    /// Every decimal count and digit count, against the integer's own description with the
    /// point put in by hand (the writer emits two digits per division from a table).
    @Test func everyDecimalCountPlacesThePointAndPadsWithZeros() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed xorshift stream: the same cases every run
        for decimals in 0...12 {
            for digits in 1...18 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                let units = state % (decimals + digits > 18 ? 1_000_000_000_000_000_000 : powerOf10(decimals + digits))
                let value = Double(units) / Double(powerOf10(decimals)) * (digits % 2 == 0 ? -1 : 1)
                let scaled = UInt64((abs(value) * Double(powerOf10(decimals))).rounded())
                var text = String(scaled)
                if decimals > 0 {
                    text = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
                    text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
                }
                if value < 0 && scaled > 0 { text = "-" + text }
                #expect(NumberText.fixed(value, decimals: decimals) == text, "\(value) with \(decimals) decimals")
            }
        }
        #expect(NumberText.fixed(0.05, decimals: 2) == "0.05")
        #expect(NumberText.fixed(100, decimals: 0) == "100")
        #expect(NumberText.fixed(99.999, decimals: 2) == "100.00")
        #expect(NumberText.fixed(4096.5, decimals: 12) == "4096.500000000000")
        #expect(NumberText.fixed(8e18, decimals: 0) == "8000000000000000000")
    }

    @Test func quotingFollowsRFC4180() {
        var csv = CSVWriter(header: ["name", "note", "value"])
        csv.text("orbit-72")
        csv.text("has, comma and \"quotes\"")
        csv.number(1.25, decimals: 3)
        csv.endRow()
        csv.text("x")
        csv.empty()
        csv.integer(-3)
        csv.endRow()
        #expect(csv.string == "name,note,value\norbit-72,\"has, comma and \"\"quotes\"\"\",1.250\nx,,-3\n")
        #expect(csv.rowCount == 2)
    }

    @Test func integersMatchTheirDescriptionAtTheExtremes() {
        var csv = CSVWriter(header: ["value"])
        let values: [Int64] = [0, 7, -7, 10, -1_000_000, .max, .min]
        for value in values {
            csv.integer(value)
            csv.endRow()
        }
        csv.integer(UInt64.max)  // beyond Int64: the description path
        csv.endRow()
        let expected = values.map(String.init) + ["18446744073709551615"]
        #expect(csv.string == (["value"] + expected).joined(separator: "\n") + "\n")
    }

    /// The writer formats into spare room that it grows: fields longer than the first 4 KiB,
    /// and thousands of rows, come out as the text built by plain string concatenation.
    @Test func growingPastItsRoomKeepsEveryByte() {
        var csv = CSVWriter(header: ["text", "value", "exact"])
        var expected = "text,value,exact\n"
        let long = String(repeating: "ab\"c", count: 3000)  // 12 000 bytes, quoted, 3000 quotes doubled
        csv.text(long)
        csv.number(-1.5, decimals: 3)
        csv.exact(0.1)
        csv.endRow()
        expected += "\"" + long.replacingOccurrences(of: "\"", with: "\"\"") + "\",-1.500,0.1\n"
        for row in 0..<5000 {
            let value = Double(row) * 1.37 - 2000
            csv.text("r\(row)")
            csv.number(value, decimals: 9)
            csv.exact(value)
            csv.endRow()
            expected += "r\(row),\(String(format: "%.9f", value)),\(value)\n"
        }
        #expect(csv.bytes.count == expected.utf8.count)
        #expect(csv.string == expected)
    }

    /// Rows formatted in separate writers and joined equal the rows written into one.
    @Test func joinedRowsEqualRowsWrittenInOne() {
        var whole = CSVWriter(header: ["a", "b"])
        var parts = [CSVWriter(header: ["a", "b"]), CSVWriter(header: ["a", "b"])]
        for (index, value) in [1.5, -2.25, 3.125].enumerated() {
            for writer in [0, index < 2 ? 1 : 2] {
                func row(_ csv: inout CSVWriter) {
                    csv.integer(index)
                    csv.number(value, decimals: 2)
                    csv.endRow()
                }
                if writer == 0 { row(&whole) } else { row(&parts[writer - 1]) }
            }
        }
        var joined = CSVWriter(header: ["a", "b"])
        for part in parts { joined.appendRows(of: part) }
        #expect(joined.string == "a,b\n0,1.50\n1,-2.25\n2,3.13\n")
        #expect(joined.bytes == whole.bytes && joined.rowCount == 3)
    }

    @Test func frameNamesHaveAtLeastFiveDigits() {
        #expect(CaptureSessionLog.imageName(0) == "frame-00000.jpg")
        #expect(CaptureSessionLog.imageName(42) == "frame-00042.jpg")
        #expect(CaptureSessionLog.imageName(99_999) == "frame-99999.jpg")
        #expect(CaptureSessionLog.imageName(123_456) == "frame-123456.jpg")
    }

    @Test func timeColumnsCarrySecondsAndNanoseconds() {
        var csv = CSVWriter(header: ["t_s", "t_ns"])
        csv.time(12.345678901)
        csv.endRow()
        #expect(csv.string == "t_s,t_ns\n12.345678901,12345678901\n")
    }
}

@Suite struct ReportDirectoryTests {
    func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func committedReportReplacesThePreviousOne() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("orbit-72")
        let first = try ReportDirectory(destination: destination, owner: "test")
        try first.write("a", to: "old.csv")
        try first.commit()
        let second = try ReportDirectory(destination: destination, owner: "test")
        try second.write("b", to: "plots/new.png")
        try second.commit()
        let files = try FileManager.default.subpathsOfDirectory(atPath: destination.path).sorted()
        #expect(files == ["owner.json", "plots", "plots/new.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["orbit-72"])  // no leftovers
    }

    /// A report abandoned before commit leaves nothing behind, and the old report survives.
    @Test func abandonedReportLeavesNoTrace() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("run")
        let kept = try ReportDirectory(destination: destination, owner: "test")
        try kept.write("kept", to: "metrics.csv")
        try kept.commit()
        do {
            let abandoned = try ReportDirectory(destination: destination, owner: "test")
            try abandoned.write("partial", to: "metrics.csv")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["run"])
        #expect(try String(contentsOf: destination.appendingPathComponent("metrics.csv"), encoding: .utf8) == "kept")
    }

    @Test func unwritableDestinationFailsBeforeAnyWork() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        #expect(throws: OutputError.self) { try ReportDirectory(destination: blocker.appendingPathComponent("report"), owner: "test") }
        #expect(throws: OutputError.self) { try ReportDirectory(destination: blocker, owner: "test") }
    }

    /// A folder of other files, or another command's report, is refused unless overwriting,
    /// and the user's files survive the overwrite; the same command replaces its own.
    @Test func foreignFoldersAreRefused() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try "mine".write(to: destination.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(throws: OutputError.self) { try ReportDirectory(destination: destination, owner: "run") }
        let forced = try ReportDirectory(destination: destination, owner: "run", overwrite: true)
        try forced.commit()
        #expect(try String(contentsOf: destination.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(throws: OutputError.self) { try ReportDirectory(destination: destination, owner: "run") }
        try FileManager.default.removeItem(at: destination.appendingPathComponent("notes.txt"))
        do {
            _ = try ReportDirectory(destination: destination, owner: "fusion")
            Issue.record("another command's report was not refused")
        } catch {
            #expect(error.description.contains("orbitbench run wrote it") && error.description.contains("--overwrite"))
        }
        let again = try ReportDirectory(destination: destination, owner: "run")
        try again.commit()
        // An empty folder is anyone's.
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try ReportDirectory(destination: empty, owner: "tune").commit()
    }

    /// Staging folders of processes that are gone are removed; a live process's stays.
    @Test func leftoversOfDeadProcessesAreRemoved() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // PID 2^22 + 1 is above Linux's pid_max limit, so no process has it.
        let dead = root.appendingPathComponent(".out.partial-4194305"), alive = root.appendingPathComponent(".out.partial-1")
        for folder in [dead, alive] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try ReportDirectory(destination: root.appendingPathComponent("out"), owner: "run").commit()
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))  // PID 1 is alive
    }
}

private func powerOf10(_ exponent: Int) -> UInt64 { (0..<exponent).reduce(1) { power, _ in power * 10 } }
