extension Bench {
    /// Motion statistics of a real recording (the raw sensor readings).
    public static func motion(recording: SensorRecording) -> MotionRow {
        MotionRow(
            source: recording.name, seed: nil, group: recording.groups.filter { $0 != "all_trials" }.joined(separator: " "),
            statistics: MotionStatistics(
                times: recording.times, gyroscope: recording.gyroscope, accelerometer: recording.accelerometer,
                magnetometer: recording.magnetometer,
                atRest: RestDetector.flags(times: recording.times, gyroscope: recording.gyroscope, accelerometer: recording.accelerometer)))
    }

    /// Motion statistics of each seed of a simulated scenario (the simulated IMU readings, with
    /// all their errors, as a real recording would have them; the seed's keys drawn by its
    /// `spread`).
    public static func motion(scenario: Scenario, seeds: [UInt64]) throws -> [MotionRow] {
        try seeds.map { seed in
            let run = try SimulatedRun(world: try scenario.drawn(seed: seed).world, seed: seed)
            let (times, gyroscope, accelerometer) = (run.imu.map(\.time), run.imu.map(\.gyroscope), run.imu.map(\.accelerometer))
            return MotionRow(
                source: scenario.name, seed: seed, group: scenario.description,
                statistics: MotionStatistics(
                    times: times, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: run.imu.map(\.magnetometer),
                    atRest: RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer)))
        }
    }
}
