import Foundation

/// CPU time of the calling thread, s (CLOCK_THREAD_CPUTIME_ID): unaffected by other
/// processes and by waiting, which wall-clock timing is not.
public enum CPUClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Wall-clock time, s (monotonic).
    public static func wall() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}
