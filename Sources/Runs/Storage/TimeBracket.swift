import OrbitMath

/// Where an instant falls in an ascending list of sample times: the two samples around it and
/// the fraction of the way from the first to the second, for linear interpolation.
enum TimeBracket {
    /// `(low, high, fraction)` with times[low] ≤ `time` ≤ times[high]; one index twice when
    /// `time` is a sample time or the first one. `nil` outside the span (or for no samples).
    static func locate<Times: RandomAccessCollection<Double>>(_ times: Times, _ time: Double) -> (Int, Int, Double)?
    where Times.Index == Int {
        guard let first = times.first, let last = times.last, time >= first, time <= last else { return nil }
        let low = (times.startIndex..<times.endIndex - 1).partitionPoint { times[$0] < time }  // the first sample at or after `time`
        if times[low] == time || low == times.startIndex { return (low, low, 0) }
        return (low - 1, low, (time - times[low - 1]) / (times[low] - times[low - 1]))
    }
}
