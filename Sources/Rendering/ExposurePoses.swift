/// The camera poses a rendered exposure integrates over.
public enum ExposurePoses {
    /// Poses for an exposure whose largest image path is `blur` px at the output size: one per
    /// half pixel of path plus one (antialiased copies half a pixel apart merge into a smooth
    /// streak), one for a path under half a pixel, at most `limit` (24: the accumulator's 16
    /// bits hold 24 drawings).
    public static func count(forBlur blur: Double, limit: Int = 24) -> Int {
        guard blur.isFinite else { return max(1, min(limit, 24)) }
        guard blur >= 0.5 else { return 1 }
        return max(1, min(limit, 24, Int((2 * blur).rounded(.up)) + 1))
    }

}
