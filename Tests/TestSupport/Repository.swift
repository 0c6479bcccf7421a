import Foundation

/// Where the tests find the checkout's files, computed once for every test target.
public enum Repository {
    /// The checkout's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped scenarios (`scenarios/`).
    public static let scenarios = root.appendingPathComponent("scenarios").path

    /// The BROAD trials: `$ORBITBENCH_BROAD_DATA` (a folder of trials with BROAD's `trials.json`,
    /// e.g. the full benchmark) or the two trials shipped in `data/broad`.
    public static let broadTrials: String = {
        if let configured = ProcessInfo.processInfo.environment["ORBITBENCH_BROAD_DATA"], !configured.isEmpty { return configured }
        return root.appendingPathComponent("data/broad").path
    }()
}
