import Foundation

extension Bench {
    /// What encoding a run's figures costs: the PNG encoder against zlib's deflate at level 2 on
    /// the same scanlines (what libpng did for OrbitBench before it encoded PNGs itself), both
    /// from the figures' RGBA pixels. CPU times of one thread, medians, for all figures together.
    public struct PNGEncodingCost: Sendable {
        public var figures: Int
        /// Pixels of all figures.
        public var pixels: Int
        /// Seconds to encode every figure, chunks included.
        public var encodeSeconds: Double
        public var encodedBytes: Int
        /// Seconds zlib's deflate takes for the same scanlines, and the size of its streams.
        public var zlibSeconds: Double
        public var zlibBytes: Int
    }

    /// Draws the figures of `orbitbench run` for seed 1 of `scenario` once, then encodes their
    /// pixels `repetitions` times with `PNGCodec.encode` and with zlib at level 2.
    public static func pngEncodingCost(_ scenario: Scenario, repetitions: Int) throws -> PNGEncodingCost {
        let result = try CaptureRunner.run(scenario, simulated: try SimulatedRun(world: scenario.world, seed: 1))
        let images = try CapturePlots.all(scenario: scenario, [result], provenance: []).map { try PNGCodec.decode($0.1).image }
        var encodedBytes = 0, zlibBytes = 0
        let encoding = try BenchmarkResult.measure("PNG encoding", items: images.count, repetitions: repetitions) {
            encodedBytes = 0
            for image in images { encodedBytes += try PNGCodec.encode(image).count }
        }
        let zlib = BenchmarkResult.measure("zlib level 2", items: images.count, repetitions: repetitions) {
            zlibBytes = 0
            for image in images { zlibBytes += PNGCodec.zlibReferenceSize(image, level: 2) }
        }
        return PNGEncodingCost(
            figures: images.count, pixels: images.reduce(0) { $0 + $1.width * $1.height }, encodeSeconds: encoding.median,
            encodedBytes: encodedBytes, zlibSeconds: zlib.median, zlibBytes: zlibBytes)
    }
}
