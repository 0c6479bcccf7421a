import OrbitMath

extension RestDetector {
    /// Whether each sample of a recording is at rest, judged by a detector with `parameters`
    /// (VQF's published ones by default) on the raw readings, no bias removed. The first sample
    /// and samples after a non-increasing time count as moving.
    ///
    /// - Parameters:
    ///   - times: sample instants, s; `gyroscope`: rad/s; `accelerometer`: m/s² (same counts).
    public static func flags(
        times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], parameters: Parameters = .standard
    ) -> [Bool] {
        precondition(times.count == gyroscope.count && times.count == accelerometer.count)
        let count = times.count
        var detector = RestDetector(parameters: parameters)
        var atRest = [Bool](repeating: false, count: count)
        if count > 0 { detector.reset(gyroscope: gyroscope[0], accelerometer: accelerometer[0]) }
        for index in 1..<max(1, count) {
            let dt = times[index] - times[index - 1]
            guard dt > 0 else { continue }
            atRest[index] = detector.update(gyroscope: gyroscope[index], accelerometer: accelerometer[index], bias: .zero, dt: dt)
        }
        return atRest
    }
}
