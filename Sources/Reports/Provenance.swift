import Plotting

/// The text chunks every PNG carries: what made it, from which scenarios and seeds.
public enum Provenance {
    public static func texts(command: String, scenarios: [String], seeds: [UInt64]) -> [PNGText] {
        let uniqueSeeds = seeds.reduce(into: [UInt64]()) { if !$0.contains($1) { $0.append($1) } }
        return [
            PNGText("Software", "orbitbench \(ToolVersion.current)"),
            PNGText("Source", "orbitbench \(command): scenarios \(scenarios.joined(separator: ", "))"),
            PNGText("Comment", "seeds \(uniqueSeeds.map(String.init).joined(separator: ","))"),
        ]
    }
}

/// Mean and sample standard deviation, for summary tables.
public struct MeanAndSpread: Sendable, Equatable {
    public var mean: Double
    public var standardDeviation: Double
    public var count: Int

    public init(_ values: [Double]) {
        let finite = values.filter(\.isFinite)
        count = finite.count
        mean = finite.isEmpty ? .nan : finite.reduce(0, +) / Double(finite.count)
        if finite.count > 1 {
            let m = mean
            standardDeviation = (finite.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(finite.count - 1)).squareRoot()
        } else {
            standardDeviation = 0
        }
    }

    /// "1.23 ± 0.45" (or "1.23" for a single value).
    public func formatted(decimals: Int) -> String {
        guard mean.isFinite else { return "–" }
        let m = AxisTicks.format(mean, decimals: decimals).replacingOccurrences(of: "−", with: "-")
        guard count > 1 else { return m }
        return "\(m) ± \(AxisTicks.format(standardDeviation, decimals: decimals))"
    }
}

/// Fixed-width text tables for stdout and summary files.
public enum TextTable {
    public static func render(header: [String], rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0
                    ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}

/// "1 seed", "3 seeds": a count and its noun, singular when it is one.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
