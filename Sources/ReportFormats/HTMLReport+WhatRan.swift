import Foundation
import Scenarios

extension HTMLReport {
    /// "What ran" for scenario runs: the command line, the scenarios, the selector, threshold,
    /// slots and filter they used, labelled by their scenario keys (one value, or each scenario's when they differ), the
    /// overrides, the seeds and the version. Callers append what else matters (`extra`).
    public static func whatRan(origin: ReportOrigin, scenarios: [Scenario], extra: [Fact] = []) -> [Fact] {
        var facts = [Fact("command", commandLine(origin))]
        if !origin.scenarios.isEmpty {
            facts.append(Fact(origin.scenarios.count == 1 ? "scenario" : "scenarios", origin.scenarios.joined(separator: ", ")))
        }
        func setting(_ label: String, of kinds: Set<ScenarioKind>, _ value: (Scenario) -> String) {
            let shown = scenarios.filter { kinds.contains($0.kind) }
            let values = shown.map(value)
            guard let first = values.first else { return }
            if values.allSatisfy({ $0 == first }) {
                facts.append(Fact(label, first))
            } else {
                facts.append(Fact(label, zip(shown, values).map { "\($0.name): \($1)" }.joined(separator: "; ")))
            }
        }
        setting("selection.selector", of: [.capture]) { $0.selection.selector.rawValue }
        setting("selection.threshold", of: [.capture]) { String(format: "%g", $0.selection.threshold) }
        setting("selection.slots", of: [.capture]) { "\($0.selection.slotCount) (\(String(format: "%g", $0.selection.slotWidth))° each)" }
        setting("fusion.filter", of: [.capture, .rephoto, .handheld]) { $0.fusion.settings.filter.rawValue }
        setting("rephoto.users", of: [.rephoto]) { String($0.rephoto.users) }
        if !origin.overrides.isEmpty { facts.append(Fact("overrides", origin.overrides.joined(separator: "  "))) }
        facts += extra
        if !origin.seeds.isEmpty { facts.append(Fact("seeds", seedRanges(origin.seeds))) }
        facts.append(Fact("version", version(origin)))
        return facts
    }

    /// "What ran" for commands that run no scenario (thesis, calibrate, a merged folder):
    /// the command line, `facts`, the overrides, and the version.
    public static func whatRan(origin: ReportOrigin, facts: [Fact]) -> [Fact] {
        let overrides = origin.overrides.isEmpty ? [] : [Fact("overrides", origin.overrides.joined(separator: "  "))]
        return [Fact("command", commandLine(origin))] + facts + overrides + [Fact("version", version(origin))]
    }

    /// The command line with the program named `orbitbench` (not the path it was started by).
    static func commandLine(_ origin: ReportOrigin) -> String {
        (["orbitbench"] + origin.arguments.dropFirst()).joined(separator: " ")
    }

    static func version(_ origin: ReportOrigin) -> String {
        origin.sourceRevision.map { "\(origin.tool) (\($0.prefix(12)))" } ?? origin.tool
    }

    /// Seeds as ranges in the order given: 1, 2, 3, 7 ⇒ "1–3, 7 (4 seeds)".
    public static func seedRanges(_ seeds: [UInt64]) -> String {
        var parts: [String] = []
        var index = seeds.startIndex
        while index < seeds.endIndex {
            var end = index
            while end + 1 < seeds.endIndex, seeds[end] < UInt64.max, seeds[end + 1] == seeds[end] + 1 { end += 1 }
            parts.append(end - index >= 2 ? "\(seeds[index])–\(seeds[end])" : (index...end).map { String(seeds[$0]) }.joined(separator: ", "))
            index = end + 1
        }
        return parts.joined(separator: ", ") + " (\(seeds.count) \(seeds.count == 1 ? "seed" : "seeds"))"
    }
}
