import Fusion
import OrbitMath
import Execution

/// One filter over a recording's readings, keeping what every sample left: the estimate, the
/// bias and (on request) the flags, and the thread CPU time of the loop. Generic and
/// `@inlinable`, so the loop is compiled for the concrete filter where it is called.
@usableFromInline
struct FilterPass {
    @usableFromInline var estimates: [Quaternion]
    @usableFromInline var biases: [Vector3]
    /// Empty unless `keepTrace`.
    @usableFromInline var flags: [FilterSampleFlags]
    /// s.
    @usableFromInline var elapsed: Double

    /// Feeds `readings` to `filter`, without the magnetometer unless `useMagnetometer`, and
    /// with the field corrected by `calibration` first, which is skipped when it is the identity
    /// (recordings arrive calibrated).
    ///
    /// - Throws: `Failure` when the filter throws (or breaks its contract) at a sample.
    @inlinable
    init<Filter: AttitudeFilter>(
        running filter: inout Filter, over readings: [ImuReading], useMagnetometer: Bool, calibration: MagnetometerCalibration, keepTrace: Bool
    ) throws(Failure) {
        let correction: MagnetometerCalibration? = calibration == .none ? nil : calibration
        let count = readings.count
        var estimates = [Quaternion](repeating: .identity, count: count)
        var biases = [Vector3](repeating: .zero, count: count)
        var flags = [FilterSampleFlags](repeating: [], count: keepTrace ? count : 0)
        let start = CPUClock.now()
        var failure: Failure?
        readings.withUnsafeBufferPointer { readings in
            estimates.withUnsafeMutableBufferPointer { estimates in
                biases.withUnsafeMutableBufferPointer { biases in
                    flags.withUnsafeMutableBufferPointer { flags in
                        for index in 0..<count {
                            var reading = readings[index]
                            if !useMagnetometer {
                                reading.magnetometer = nil
                            } else if let correction, let raw = reading.magnetometer {
                                reading.magnetometer = correction.apply(raw)
                            }
                            let refusedBefore = keepTrace ? filter.diagnostics.rejectedNonFinite + filter.diagnostics.rejectedTimestamps : 0
                            do { try filter.update(reading) } catch {
                                failure = Failure(time: reading.time, error: error)
                                return
                            }
                            estimates[index] = filter.attitude
                            biases[index] = filter.gyroscopeBias
                            if keepTrace { flags[index] = FilterSampleFlags(filter.diagnostics, refusedBefore: refusedBefore) }
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
        elapsed = CPUClock.now() - start
        self.estimates = estimates
        self.biases = biases
        self.flags = flags
    }

    /// What the filter threw, and at which sample time (s).
    @usableFromInline
    struct Failure: Error {
        @usableFromInline let time: Double
        @usableFromInline let error: any Error

        @usableFromInline
        init(time: Double, error: any Error) {
            self.time = time
            self.error = error
        }
    }
}
