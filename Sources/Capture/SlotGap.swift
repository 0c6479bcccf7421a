/// The largest gap of a ring of slots: the most empty slots in a row going round the circle
/// (a run may wrap past the last slot to slot 0). OrbitBench's one definition of "largest gap":
/// the metric `max_gap_deg` is `degrees(slotWidth:)`, and the spin viewer's ring highlights
/// the same slots.
public struct SlotGap: Sendable, Equatable, Codable {
    /// The run's first slot, going to larger angles.
    public var first: Int
    /// Empty slots in the run; 0 when every slot is filled.
    public var count: Int

    public init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }

    /// The longest run of `true` (an empty slot) in `empty`, read as a circle. On a tie the run
    /// starting at the lowest slot wins; with no empty slot the result is `(0, 0)`, with every
    /// slot empty `(0, empty.count)`. `nil` for no slots at all.
    public static func largest(empty: [Bool]) -> SlotGap? {
        guard !empty.isEmpty else { return nil }
        guard let filled = empty.firstIndex(of: false) else { return SlotGap(first: 0, count: empty.count) }
        // Scan once round the circle from just after a filled slot, so no run is cut in two.
        var best = SlotGap(first: 0, count: 0), run = 0
        for step in 1...empty.count {
            let slot = (filled + step) % empty.count
            guard empty[slot] else {
                run = 0
                continue
            }
            run += 1
            let first = (slot - run + 1 + empty.count) % empty.count
            if run > best.count || (run == best.count && first < best.first) { best = SlotGap(first: first, count: run) }
        }
        return best
    }

    /// The gap as an angle: `count × slotWidth`, degrees (0 with no empty slot).
    public func degrees(slotWidth: Double) -> Double { Double(count) * slotWidth }

    /// Where the gap starts on the circle, degrees in [0, 360): the lower edge of its first slot
    /// (slot `i` is centred on `i × slotWidth`).
    public func startAngle(slotWidth: Double) -> Double {
        let start = (Double(first) - 0.5) * slotWidth
        return start < 0 ? start + 360 : start
    }
}
