extension Range where Bound == Int {
    /// The first index at which `isBelow` is false, by binary search (`isBelow` true before it, false
    /// from it on): `lowerBound` for an empty range, `upperBound` when every index is below.
    @inlinable
    public func partitionPoint(_ isBelow: (Int) -> Bool) -> Int {
        var low = lowerBound, high = upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isBelow(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
