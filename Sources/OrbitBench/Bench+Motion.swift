import Foundation
import StatisticsKit

extension Bench {
    /// Motion statistics of a real recording (the raw sensor readings).
    public static func motion(recording: SensorRecording) -> MotionRow {
        MotionRow(
            source: recording.name, seed: nil, group: recording.groups.filter { $0 != "all_trials" }.joined(separator: " "),
            statistics: MotionStatistics(
                times: recording.times, gyroscope: recording.gyroscope, accelerometer: recording.accelerometer,
                magnetometer: recording.magnetometer))
    }

    /// Motion statistics of each seed of a simulated scenario (the simulated IMU readings, with
    /// all their errors, as a real recording would have them).
    public static func motion(scenario: Scenario, seeds: [UInt64]) throws -> [MotionRow] {
        try seeds.map { seed in
            let run = try SimulatedRun(world: scenario.world, seed: seed)
            return MotionRow(
                source: scenario.name, seed: seed, group: scenario.description,
                statistics: MotionStatistics(
                    times: run.imu.map(\.time), gyroscope: run.imu.map(\.gyroscope), accelerometer: run.imu.map(\.accelerometer),
                    magnetometer: run.imu.map(\.magnetometer)))
        }
    }
}
