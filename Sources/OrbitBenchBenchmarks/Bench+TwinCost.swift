import Foundation
import OrbitBench

extension BenchmarkSuite {
    /// The shipped trial the twin is timed on (3 minutes at 286 Hz).
    static let twinTrial = "data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5"

    /// `fusion --recording … --twin --seeds 1-20` on one shipped trial (twin fit, motion
    /// calibration, 20 simulated streams and the four filters on each) against the four
    /// filters alone on the same 20 streams, wall clock in interleaved pairs: the twin's own
    /// work is the difference.
    static func twinCost(repetitions: Int) throws -> BenchmarkRow {
        let command = "orbitbench fusion --recording \(twinTrial) --twin --seeds 1-20"
        guard FileManager.default.fileExists(atPath: twinTrial) else {
            return BenchmarkRow(
                what: "twin of one trial: not measured, \(twinTrial) not found (run from the checkout)", figure: "–", command: command)
        }
        let filters = FilterName.builtIn
        let seeds = Array(UInt64(1)...20)
        let measured = try Bench.fusion(recordings: [twinTrial], isolation: .none, filters: filters, useMagnetometer: true, keepAttitude: false)
        let twin = try RecordingTwin(recording: measured.recordings[0])
        let streams = try twin.simulate(seeds: seeds)
        // Wall clock: both sides run on every core.
        let results = try BenchmarkResult.measureInterleaved(
            [
                .init("filters on the twin's streams", items: 1) {
                    _ = try Bench.fusion(
                        recordings: streams, filters: filters, settings: FusionSettings(), useMagnetometer: true, keepAttitude: false)
                },
                .init("twin", items: 1) { _ = try Bench.twin(measured, filters: filters, useMagnetometer: true, seeds: seeds) },
            ], repetitions: repetitions, warmup: 0, clock: CPUClock.wall)
        let (filtersOnly, whole) = (results[0], results[1])
        return BenchmarkRow(
            what:
                "twin of one 3-minute trial, 20 seeds × 4 filters (wall, median of \(repetitions) interleaved pairs on \(Parallel.workerLimit) cores)",
            figure: BenchmarkRow.ms(whole.median), reference: BenchmarkRow.ms(filtersOnly.median) + " the filters on the 20 streams",
            ratio: BenchmarkRow.times(BenchmarkResult.medianRatio([whole], [filtersOnly])), command: command)
    }
}
