import OrbitMath

extension TrialStatistics {
    /// The earth field (earth frame) from the at-rest samples of the first half of the lead-in; the residual of
    /// every sample against it, smoothed over `fieldSmoothing`; on for the longest stretch
    /// where it exceeds `bodyFieldThreshold` (gaps up to `bodyFieldGap` bridged: a fast turn
    /// can dip the residual). Nil when that stretch is shorter than `minimumBodyField`.
    static func bodyField(_ magnetometer: [Vector3?], truth: [Quaternion?], times: [Double], atRest: [Bool], motionStart: Int) -> BodyField? {
        let restEnd = (times[0] + times[motionStart]) / 2
        var earth = Vector3.zero, earthCount = 0
        for index in 0..<motionStart where atRest[index] && times[index] <= restEnd {
            guard let m = magnetometer[index], let q = truth[index] else { continue }
            earth += q.rotate(m)
            earthCount += 1
        }
        guard earthCount > 0 else { return nil }
        earth = earth * (1 / Double(earthCount))
        var residualTimes: [Double] = [], residuals: [Vector3] = []
        for index in times.indices {
            guard let m = magnetometer[index], let q = truth[index] else { continue }
            residualTimes.append(times[index])
            residuals.append(m - q.inverseRotate(earth))
        }
        let smoothed = movingMean(residuals, times: residualTimes, window: fieldSmoothing)
        guard let (first, last) = longestRun(smoothed.map { $0.norm > bodyFieldThreshold }, times: residualTimes, bridging: bodyFieldGap),
            residualTimes[last] - residualTimes[first] >= minimumBodyField
        else { return nil }
        let on = Array(first...last)
        let field = Statistics.componentMedian(on.map { residuals[$0] }) ?? .zero
        return BodyField(field: field, onset: residualTimes[first], offset: residualTimes[last])
    }

    /// Centred moving mean over `window` s (prefix sums; the window shrinks at the ends).
    static func movingMean(_ values: [Vector3], times: [Double], window: Double) -> [Vector3] {
        var prefix = [Vector3](repeating: .zero, count: values.count + 1)
        for index in values.indices { prefix[index + 1] = prefix[index] + values[index] }
        var low = 0, high = 0
        return values.indices.map { index in
            while times[low] < times[index] - window / 2 { low += 1 }
            while high < values.count && times[high] <= times[index] + window / 2 { high += 1 }
            return (prefix[high] - prefix[low]) * (1 / Double(high - low))
        }
    }

    /// First and last index of the longest stretch of `flags` (runs closer than `bridging` s
    /// joined); nil when no flag is set.
    static func longestRun(_ flags: [Bool], times: [Double], bridging: Double) -> (Int, Int)? {
        var runs: [(Int, Int)] = []
        for index in flags.indices where flags[index] {
            if let last = runs.last, index == last.1 + 1 || times[index] - times[last.1] <= bridging {
                runs[runs.count - 1].1 = index
            } else {
                runs.append((index, index))
            }
        }
        return runs.max { times[$0.1] - times[$0.0] < times[$1.1] - times[$1.0] }
    }
}
