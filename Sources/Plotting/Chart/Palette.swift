/// Colours for series: the Okabe–Ito palette, distinguishable with common colour-vision
/// deficiencies (its yellow, faint on white, replaced by a dark purple), then a few extras.
public enum Palette {
    public static let series: [Color] = [
        Color(hex: 0x0072B2), Color(hex: 0xD55E00), Color(hex: 0x009E73), Color(hex: 0xCC79A7),
        Color(hex: 0xE69F00), Color(hex: 0x56B4E9), Color(hex: 0x000000), Color(hex: 0x6A3D9A),
        Color(hex: 0x7F7F7F), Color(hex: 0x8C564B),
    ]

    /// The `index`-th series colour (cycles).
    public static func color(_ index: Int) -> Color { series[index % series.count] }

    /// Names with a colour of their own, the same in every figure: the built-in filters.
    public static let namedColors: [String: Int] = ["complementary": 0, "mahony": 1, "madgwick": 2, "bias-estimating": 3]

    /// The colour of a series named `name` (a filter, an arm), the same in every figure of
    /// every report whatever else is drawn beside it: a fixed colour for the built-in filters,
    /// another name's from a hash of its bytes (FNV-1a) over `hashedColors`.
    public static func color(named name: String) -> Color { series[ownIndex(name)] }

    /// The colours other names hash to: not the built-in filters', and not black or grey, which
    /// read as the frame and the text (a box plot's median line is black).
    static let hashedColors = [4, 5, 7, 9]

    static func ownIndex(_ name: String) -> Int {
        if let index = namedColors[name] { return index }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hashedColors[Int(hash % UInt64(hashedColors.count))]
    }

    /// The colours of the series named `names` in one figure: each name's own colour
    /// (`color(named:)`) where no name before it has claimed that colour; a name that clashes
    /// gets a colour no name of the figure owns, so two names never share one (up to
    /// `series.count` names) and every other name keeps the colour it has in every figure.
    public static func colors(named names: [String]) -> [Color] {
        var indices = [Int?](repeating: nil, count: names.count)
        var taken = Set<Int>()
        for (position, name) in names.enumerated() where !taken.contains(ownIndex(name)) {
            indices[position] = ownIndex(name)
            taken.insert(ownIndex(name))
        }
        // Clashing names: the hashed colours first, then the built-in filters', black and grey last.
        let order = hashedColors + Array(0..<namedColors.count) + series.indices.filter { !hashedColors.contains($0) && $0 >= namedColors.count }
        for position in names.indices where indices[position] == nil {
            if taken.count == series.count { taken.removeAll() }
            let index = order.first { !taken.contains($0) }!
            indices[position] = index
            taken.insert(index)
        }
        return indices.map { series[$0!] }
    }

    public static let grid = Color(hex: 0xE5E5E5)
    public static let frame = Color(hex: 0x6B6B6B)
    public static let text = Color(hex: 0x202020)
    public static let mutedText = Color(hex: 0x5A5A5A)

    /// A perceptually ordered ramp (viridis-like) for heat maps and scores, t ∈ [0, 1].
    public static func ramp(_ t: Double) -> Color {
        let stops: [(Double, Double, Double)] = [
            (0.267, 0.005, 0.329), (0.283, 0.141, 0.458), (0.254, 0.265, 0.530), (0.207, 0.372, 0.553),
            (0.164, 0.471, 0.558), (0.128, 0.567, 0.551), (0.135, 0.659, 0.518), (0.267, 0.749, 0.441),
            (0.478, 0.821, 0.318), (0.741, 0.873, 0.150), (0.993, 0.906, 0.144),
        ]
        let clamped = min(1, max(0, t.isFinite ? t : 0))
        let position = clamped * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let f = position - Double(index)
        let a = stops[index], b = stops[index + 1]
        return Color(red: a.0 + f * (b.0 - a.0), green: a.1 + f * (b.1 - a.1), blue: a.2 + f * (b.2 - a.2))
    }
}
