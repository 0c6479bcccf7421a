/// What a paired comparison says about the second side (B, or the later arm of a pair)
/// against the first, on one metric. The raw values are the words written to compare.csv and
/// pairs.csv.
public enum ComparisonVerdict: String, Sendable {
    /// The second side is better, significantly (after Holm's correction for arm pairs).
    case better
    /// The second side is worse, significantly.
    case worse
    /// A metric without a better direction differs significantly.
    case changed
    /// The difference cannot be told apart from seed noise.
    case noSignificantDifference = "no significant difference"
    /// Every block (scenario × seed) gave both sides the same value.
    case identical
}
