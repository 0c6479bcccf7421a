import ArgumentParser

/// Parses comma-separated option values, e.g. `--seeds 1,2,5-8`.
enum ListParsing {
    /// Seeds: integers and inclusive ranges `a-b`, distinct, each in 0...2³²−1.
    /// At most this many seeds in one list (a run per seed; `--seeds 1-10000000` is a typo).
    static let maximumSeeds = 100_000

    /// "1,2,5-8" in order, duplicates dropped; the count is checked before any list is built.
    static func seeds(_ text: String) throws -> [UInt64] {
        var seeds: [UInt64] = []
        var seen = Set<UInt64>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = UInt64(bounds[0]), let high = UInt64(bounds.last!),
                low <= high, high <= 4_294_967_295
            else {
                throw ValidationError("--seeds: '\(part)' is not a seed or a range like 3-7 (seeds are 0...4294967295)")
            }
            guard high - low < UInt64(maximumSeeds), seeds.count + Int(high - low) < maximumSeeds else {
                throw ValidationError("--seeds \(text): more than \(maximumSeeds) seeds; run them in parts (e.g. --seeds 1-50000, then 50001-100000)")
            }
            for seed in low...high where seen.insert(seed).inserted { seeds.append(seed) }
        }
        return seeds
    }

    /// Names from a fixed set, comma separated. An empty name (`a,,b`, a comma at an end) and a
    /// name given twice are errors: each would silently drop or double rows.
    static func names<Choice: RawRepresentable & CaseIterable>(_ text: String, option: String) throws -> [Choice] where Choice.RawValue == String {
        var seen = Set<String>()
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard !name.isEmpty else { throw ValidationError("\(option): an empty name in '\(text)'; separate names with single commas") }
            guard seen.insert(String(name)).inserted else { throw ValidationError("\(option): '\(name)' is named twice") }
            guard let choice = Choice(rawValue: String(name)) else {
                let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("\(option): unknown '\(name)'; choose from \(allowed)")
            }
            return choice
        }
    }
}
