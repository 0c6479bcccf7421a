import Foundation
@testable import ReportIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ReportListingTests {
    /// `writtenFiles` walks the staging folder itself: regular files at any depth (hidden ones
    /// too), sorted by path; folders, symbolic links and a link's target outside are not
    /// listed; a name that is not UTF-8 is found and listed with a replacement character.
    @Test func listsRegularFilesOnlyAtAnyDepth() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try ReportDirectory(destination: root.appendingPathComponent("orbit-72"), owner: "test")
        try report.write("a", to: "metrics.csv")
        try report.write("b", to: "plots/timeline.png")
        try report.write("c", to: "frames/deep/frame-00001.jpg")
        // Reports write no hidden files (`OutputPath`), but the listing shows one put there.
        try Data("d".utf8).write(to: report.staging.appendingPathComponent(".hidden"))
        try FileManager.default.createSymbolicLink(
            atPath: report.staging.appendingPathComponent("link.csv").path,
            withDestinationPath: report.staging.appendingPathComponent("metrics.csv").path)
        try FileManager.default.createDirectory(at: report.staging.appendingPathComponent("empty"), withIntermediateDirectories: false)
        // "caf\xE9.txt": Latin-1 é, not UTF-8.
        let latin1 = Array(report.staging.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".txt".utf8) + [0]
        let descriptor = latin1.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)

        #expect(
            report.writtenFiles() == [".hidden", "caf\u{FFFD}.txt", "frames/deep/frame-00001.jpg", "metrics.csv", "plots/timeline.png"])
    }

    /// A file goes down whole, replacing an earlier one of the same name (also when shorter),
    /// and an unwritable one is an error naming the file in the final report, not a crash.
    @Test func writesReplaceWholeFilesAndFailuresNameTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try ReportDirectory(destination: root.appendingPathComponent("orbit-72"), owner: "test")
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try report.write(large, to: "plots/figure.png")
        #expect(Array(try Data(contentsOf: report.staging.appendingPathComponent("plots/figure.png"))) == large)
        try report.write([1, 2, 3], to: "plots/figure.png")
        #expect(Array(try Data(contentsOf: report.staging.appendingPathComponent("plots/figure.png"))) == [1, 2, 3])
        try report.write([], to: "empty.csv")
        #expect(try Data(contentsOf: report.staging.appendingPathComponent("empty.csv")).isEmpty)

        try FileManager.default.createDirectory(at: report.staging.appendingPathComponent("taken.csv"), withIntermediateDirectories: false)
        do {
            try report.write([1], to: "taken.csv")
            Issue.record("writing over a folder succeeded")
        } catch {
            #expect(error.path == root.appendingPathComponent("orbit-72/taken.csv").path)
            #expect(error.reason.contains("Is a directory"))
        }
    }

    /// The streamed writer goes through the same file: pieces land in order, replacing an
    /// earlier file, and a full disk is an error naming the file, from either writer.
    @Test func streamedWritesAndAFullDisk() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try ReportDirectory(destination: root.appendingPathComponent("orbit-72"), owner: "test")
        try report.write(Array(repeating: 9, count: 50), to: "frames.csv")
        try report.write(to: "frames.csv") { append in
            try append([1, 2][...])
            try append([][...])
            try append([3][...])
        }
        #expect(Array(try Data(contentsOf: report.staging.appendingPathComponent("frames.csv"))) == [1, 2, 3])

        // A file that is /dev/full: every write fails with ENOSPC.
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        try FileManager.default.createSymbolicLink(
            atPath: report.staging.appendingPathComponent("full.csv").path, withDestinationPath: "/dev/full")
        let expectedPath = root.appendingPathComponent("orbit-72/full.csv").path
        do {
            try report.write([1, 2, 3], to: "full.csv")
            Issue.record("writing to a full disk succeeded")
        } catch {
            #expect(error.path == expectedPath)
            #expect(error.reason.contains("No space left"))
        }
        do {
            try report.write(to: "full.csv") { append in try append([1][...]) }
            Issue.record("streaming to a full disk succeeded")
        } catch let error as OutputError {
            #expect(error.path == expectedPath)
            #expect(error.reason.contains("No space left"))
        }
    }
}
