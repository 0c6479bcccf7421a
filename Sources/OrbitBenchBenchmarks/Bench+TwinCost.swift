import Foundation
import OrbitBench

extension BenchmarkSuite {
    /// The shipped trial the twin is timed on (3 minutes at 286 Hz).
    static let twinTrial = "data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5"

    /// `fusion --recording … --twin --seeds 1-20` on one shipped trial (twin fit, motion
    /// calibration, 20 simulated streams and the four filters on each), wall median, against
    /// the four filters alone on the same 20 streams: the twin's own work is the difference.
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
        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<repetitions {
                let start = CPUClock.wall()
                try body()
                times.append(CPUClock.wall() - start)
            }
            return times.sorted()[times.count / 2]
        }
        let filtersOnly = try median {
            _ = try Bench.fusion(recordings: streams, filters: filters, settings: FusionSettings(), useMagnetometer: true, keepAttitude: false)
        }
        let whole = try median { _ = try Bench.twin(measured, filters: filters, useMagnetometer: true, seeds: seeds) }
        return BenchmarkRow(
            what: "twin of one 3-minute trial, 20 seeds × 4 filters (wall, median on \(Parallel.workerLimit) cores)",
            figure: BenchmarkRow.ms(whole), reference: BenchmarkRow.ms(filtersOnly) + " the filters on the 20 streams",
            ratio: BenchmarkRow.times(whole / filtersOnly), command: command)
    }
}
