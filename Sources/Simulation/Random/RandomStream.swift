import CGSL

/// One seeded pseudo-random stream: GSL's Mersenne Twister (`gsl_rng_mt19937`).
///
/// Every noise source of a scenario owns its own stream, seeded from (scenario seed, source
/// name), so changing one source's parameters or draw count never shifts another source's
/// numbers (common random numbers across tuning candidates). Not thread-safe: one stream
/// belongs to one simulation run.
public final class RandomStream {
    @usableFromInline let generator: UnsafeMutablePointer<gsl_rng>

    /// The 32-bit value passed to `gsl_rng_set` (mt19937 uses only the low 32 bits of its
    /// seed; 0 would be replaced by GSL's default 4357).
    public let rawSeed: UInt32

    /// A stream seeded directly with `rawSeed` (as `gsl_rng_set` would be).
    public init(rawSeed: UInt32) throws(GSLError) {
        _ = GSL.errorHandlerDisabled
        guard let generator = gsl_rng_alloc(cgsl_rng_type_mt19937()) else {
            throw GSLError(code: Int32(GSL_ENOMEM), context: "allocating gsl_rng_mt19937")
        }
        self.generator = generator
        self.rawSeed = rawSeed
        gsl_rng_set(generator, UInt(rawSeed))
    }

    /// The stream of noise source `source` in a run with scenario seed `seed`.
    public convenience init(seed: UInt64, source: String) throws(GSLError) {
        try self.init(rawSeed: StreamSeed.derive(seed: seed, source: source))
    }

    deinit { gsl_rng_free(generator) }

    /// The next raw 32-bit output of the generator.
    @inlinable
    public func nextRaw() -> UInt32 { UInt32(truncatingIfNeeded: gsl_rng_get(generator)) }

    /// Uniform on [0, 1).
    @inlinable
    public func uniform() -> Double { gsl_rng_uniform(generator) }

    /// Uniform on (0, 1): never exactly 0 (safe for logarithms).
    @inlinable
    public func uniformPositive() -> Double { gsl_rng_uniform_pos(generator) }

    /// Uniform on [lower, upper).
    @inlinable
    public func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * uniform() }

    /// Normal with mean 0 and standard deviation `sigma` (GSL's ziggurat method, the fast one
    /// used for sensor noise).
    @inlinable
    public func gaussian(sigma: Double = 1) -> Double { gsl_ran_gaussian_ziggurat(generator, sigma) }

    /// Normal with mean 0 and standard deviation `sigma` by GSL's Box–Muller polar method
    /// (`gsl_ran_gaussian`). Slower than `gaussian(sigma:)`; its values can be reproduced
    /// from the raw stream, which is why the tests use it.
    @inlinable
    public func gaussianPolar(sigma: Double = 1) -> Double { gsl_ran_gaussian(generator, sigma) }

    /// Exponential with the given mean (> 0).
    @inlinable
    public func exponential(mean: Double) -> Double { gsl_ran_exponential(generator, mean) }

    /// Bernoulli trial: true with probability `probability`.
    @inlinable
    public func bernoulli(_ probability: Double) -> Bool { uniform() < probability }

    /// Log-normal whose underlying normal has mean `mu` and standard deviation `sigma`.
    @inlinable
    public func logNormal(mu: Double, sigma: Double) -> Double { gsl_ran_lognormal(generator, mu, sigma) }
}

/// Stable derivation of per-source seeds. The hash is FNV-1a (not Swift's `Hasher`, which is
/// randomised per process) mixed with SplitMix64's finaliser, so the same (seed, name) gives
/// the same stream on every machine and run.
public enum StreamSeed {
    public static func derive(seed: UInt64, source: String) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let mixed = splitMix64(seed ^ splitMix64(hash))
        let folded = UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
        // mt19937 treats 0 as "use the default seed", which would collide with 4357.
        return folded == 0 ? 0x9e37_79b9 : folded
    }

    static func splitMix64(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
