import Foundation

/// Where the tests find the checkout's files, computed once for every test target.
public enum Repository {
    /// The checkout's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped scenarios (`scenarios/`).
    public static let scenarios = root.appendingPathComponent("scenarios").path

    /// The BROAD trials: `$ORBITBENCH_BROAD_DATA`, `shared/data/broad` next to the checkout, or
    /// /work/shared/data/broad; empty when none has `trials.json` (tests that need them skip).
    public static let broadTrials: String = {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["ORBITBENCH_BROAD_DATA"],
            root.deletingLastPathComponent().appendingPathComponent("shared/data/broad").path, "/work/shared/data/broad",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/trials.json") } ?? ""
    }()
}
