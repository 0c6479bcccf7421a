import Foundation
@testable import ReportIO
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Names from files never place a file outside the chosen folder, and a file the user names
/// is written only when it is (or will be) a regular file.
@Suite struct OutputPathTests {
    func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// A report folder is never the root, a folder directly in it or one inside a system
    /// folder, also when a symbolic link leads there; a folder of one's own is fine.
    @Test func reportFoldersStayOutOfTheSystem() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.path + "/to-etc", withDestinationPath: "/etc")
        let refused: [(String, String)] = [
            ("/", "root folder"), ("/orbit-72", "directly in the root folder"), ("/etc/orbit-72", "system folder /etc"),
            ("/usr/local/share/x", "system folder /usr"), (root.path + "/to-etc/orbit-72", "system folder /etc"),
        ]
        for (path, problem) in refused {
            let found = OutputPath.placementProblem(of: URL(fileURLWithPath: path))
            #expect(found?.contains(problem) == true, "\(path): \(found ?? "accepted")")
        }
        for path in [root.path + "/reports/orbit-72", "/tmp/x/orbit-72", "/dev/shm/reports/x", "/run/media/me/stick/reports"] {
            #expect(OutputPath.placementProblem(of: URL(fileURLWithPath: path)) == nil, "\(path)")
        }
        #expect(throws: OutputError.self) { _ = try ReportDirectory(destination: URL(fileURLWithPath: root.path + "/to-etc/orbit-72"), owner: "run") }
        #expect(!FileManager.default.fileExists(atPath: "/etc/orbit-72"))
    }

    @Test func namesThatClimbHideOrCannotBeTypedAreRefused() {
        for good in ["orbit-72", "shaky hands", "a.b", "Ünïcode", "x..y", String(repeating: "a", count: OutputPath.maximumNameBytes)] {
            #expect(OutputPath.problem(withName: good) == nil, "\(good)")
        }
        let bad: [(String, String)] = [
            ("", "is empty"), (".", "starts with '.'"), ("..", "starts with '.'"), ("../../x", "starts with '.'"), (".hidden", "starts with '.'"),
            ("a/b", "contains '/'"), ("/etc", "contains '/'"), ("a\\b", "contains '\\'"), ("a\u{0}b", "U+0000"), ("a\nb", "U+000A"),
            ("a\u{1B}b", "U+001B"), ("a\u{85}b", "U+0085"), (String(repeating: "a", count: OutputPath.maximumNameBytes + 1), "longer than 128 bytes"),
        ]
        for (name, problem) in bad {
            #expect(OutputPath.problem(withName: name)?.contains(problem) == true, "\(name): \(OutputPath.problem(withName: name) ?? "accepted")")
        }
    }

    /// Every write of a report, and every folder it creates, stays in the report: a relative
    /// path that climbs, starts at the root or holds an empty part is a one-line error and
    /// nothing is written anywhere.
    @Test func reportWritesStayInsideTheReport() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try ReportDirectory(destination: root.appendingPathComponent("out/report"), owner: "test")
        for path in [
            "../escaped.txt", "../../escaped.txt", "/tmp/escaped.txt", "images/../../escaped.txt", "a//b", "images/", "scenarios/\u{0}.yaml",
        ] {
            #expect(throws: OutputError.self, "\(path)") { try report.write("x", to: path) }
            #expect(throws: OutputError.self, "\(path)") { try report.createFolder(path) }
        }
        do {
            try report.write("x", to: "scenarios/../../escaped.resolved.yaml")
            Issue.record("written")
        } catch {
            #expect(error.description.hasPrefix(root.appendingPathComponent("out/report").path + ": refusing to write 'scenarios/../../escaped"))
            #expect(error.description.contains("'..' starts with '.'"), "\(error)")
        }
        try report.write("fine", to: "images/frame-0001.jpg")
        try report.commit()
        let everything = FileManager.default.enumerator(atPath: root.path)!.allObjects as! [String]
        #expect(everything.sorted() == ["out", "out/report", "out/report/images", "out/report/images/frame-0001.jpg", "out/report/owner.json"])
    }

    @Test func namesResolveOnlyIntoTheFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/reports")
        #expect(try OutputPath.resolve(name: "orbit-72", in: folder).path == "/tmp/reports/orbit-72")
        #expect(throws: OutputError.self) { try OutputPath.resolve(name: "..", in: folder) }
        #expect(throws: OutputError.self) { try OutputPath.resolve(name: "a/b", in: folder) }
        #expect(try OutputPath.resolve("plots/x.png", in: folder).path == "/tmp/reports/plots/x.png")
    }

    /// A symbolic link, a FIFO or a folder at a path the user gave is refused, not replaced by
    /// a regular file; a missing file is created; a regular file is replaced whole.
    @Test func atomicWritesReplaceRegularFilesOnly() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("target.txt")
        try Data("precious".utf8).write(to: target)
        let link = root.appendingPathComponent("link.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let fifo = root.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = root.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for (path, kind) in [(link, "a symbolic link"), (fifo, "a device, FIFO or socket"), (folder, "a folder")] {
            do {
                try AtomicFile.write(Array("forged".utf8), to: path)
                Issue.record("\(path.path) was written")
            } catch {
                #expect(error.description == "\(path.path): is \(kind); only a regular file is written (choose a file path)")
            }
        }
        #expect(
            FileKind(atPath: link.path) == .symbolicLink && FileKind(atPath: fifo.path) == .special && FileKind(atPath: folder.path) == .directory)
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious")
        let fresh = root.appendingPathComponent("new/deeper/junit.xml")
        try AtomicFile.write(Array("long contents".utf8), to: fresh)
        try AtomicFile.write(Array("short".utf8), to: fresh)
        #expect(try String(contentsOf: fresh, encoding: .utf8) == "short")
        // No temporary files are left behind, after success or failure.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.deletingLastPathComponent().path) == ["junit.xml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["fifo", "folder", "link.xml", "new", "target.txt"])
        #expect(throws: OutputError.self) { try AtomicFile.write([], to: "../x", in: root) }
    }

    /// A write that fails is an error naming the path, and leaves nothing behind: a name the
    /// file system refuses (longer than 255 bytes), a folder that is a file.
    @Test func aFailedWriteIsAnError() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let long = root.appendingPathComponent(String(repeating: "n", count: 300))
        do {
            try AtomicFile.write([1], to: long)
            Issue.record("written")
        } catch {
            #expect(error.description.hasPrefix(long.path + ": cannot write ("), "\(error)")
        }
        try Data().write(to: root.appendingPathComponent("plain"))
        #expect(throws: OutputError.self) { try AtomicFile.write([1], to: root.appendingPathComponent("plain/x.xml")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["plain"])
    }

    @Test func excerptsAreShortAndEscaped() {
        #expect(TextExcerpt.quoted("12,5") == "'12,5'")
        #expect(TextExcerpt.quoted("a\u{1B}[2Jb") == "'a\\u{1b}[2Jb'")
        #expect(TextExcerpt.quoted(String(repeating: "x", count: 100), limit: 10) == "'xxxxxxxxxx…' (90 more characters)")
        #expect(TextExcerpt.excerpt(String(repeating: "y", count: 12), limit: 10) == "yyyyyyyyyy… (2 more characters)")
        #expect(TextExcerpt.excerpt("exactly10!", limit: 10) == "exactly10!")
    }
}
