/// Slots that keep, each, the frame with the lowest score offered to it.
public struct SlotRing: Sendable, Equatable {
    public private(set) var entries: [SlotEntry?]

    public init(count: Int) { entries = Array(repeating: nil, count: count) }

    /// Offers a placed frame with `score` (lower is better). Returns `.accepted` (slot was
    /// empty), `.replaced` with the index of the frame it displaced, or `.worseThanHolder`.
    public mutating func offer(_ frame: FrameInput, at placement: FramePlacement, score: Double) -> (outcome: FrameOutcome, replaced: Int?) {
        var result: (outcome: FrameOutcome, replaced: Int?) = (.accepted, nil)
        if let holder = entries[placement.slot] {
            guard score < holder.score else { return (.worseThanHolder, nil) }
            result = (.replaced, holder.frameIndex)
        }
        entries[placement.slot] = SlotEntry(
            frameIndex: frame.index, image: frame.image, time: placement.time, pose: placement.pose,
            acceleration: placement.acceleration, score: score)
        return result
    }
}
