import Foundation
import OrbitBench
import Testing

@Suite struct SessionReplayTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ log: CaptureSessionLog, to folder: URL) throws {
        try Data(SessionLogCSV.motion(log).bytes).write(to: folder.appendingPathComponent("motion.csv"))
        try Data(SessionLogCSV.frames(log).bytes).write(to: folder.appendingPathComponent("frames.csv"))
    }

    /// A simulated session written in the session layout, read back and replayed, makes the
    /// same decision about every frame and keeps the same frames in the same slots as `run`.
    @Test(arguments: ["motion-flood", "high-latency", "shaky-hands", "back-and-forth"])
    func replayOfASimulatedSessionSelectsExactlyWhatRunSelected(name: String) throws {
        let scenario = try Shipped.scenario(name)
        let run = try CaptureRunner.run(scenario, seed: 1, keepSession: true)
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try #require(run.session), to: folder)

        let replayed = try Bench.replay(try Bench.session(folder.path), name: name, scenario: scenario)
        #expect(replayed.frames.count == run.frames.count)
        for (a, b) in zip(run.frames, replayed.frames) {
            #expect(a.index == b.index && a.dropped == b.dropped)
            #expect(a.decision == b.decision, "frame \(a.index)")
        }
        #expect(run.slots.map(\.entry) == replayed.slots.map(\.entry))
        #expect(run.metrics.framesSelected > 0 && run.metrics.coverage == replayed.metrics.coverage)
        #expect(run.motionCoalesced == replayed.motionCoalesced)
        // The reference poses give back the truth-based metrics: interpolated between samples,
        // and at the camera-clock mid-exposure (a replay cannot know a camera clock offset).
        #expect(abs(run.metrics.slotAngleErrorMean - replayed.metrics.slotAngleErrorMean) < 0.2)
        #expect(abs(run.metrics.pitchDeviationMean - replayed.metrics.pitchDeviationMean) < 0.2)
    }

    @Test func aPluggedSelectorReplaysExactlyToo() throws {
        let scenario = try Shipped.scenario("orbit-72")
        let run = try CaptureRunner.run(scenario, seed: 3, selector: steadiestFrameSelector(settings: scenario.captureSettings), keepSession: true)
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(try #require(run.session), to: folder)
        let replayed = try Bench.replay(
            try Bench.session(folder.path), name: "x", scenario: scenario, selector: steadiestFrameSelector(settings: scenario.captureSettings))
        #expect(run.slots.map(\.entry) == replayed.slots.map(\.entry))
        #expect(zip(run.frames, replayed.frames).allSatisfy { $0.decision == $1.decision })
        #expect(
            replayed.selector == "ScoredSelector" && replayed.filter == nil, "named after the selector's type; logged DeviceMotion needs no filter")
    }

    /// A phone's own layout through a mapping: renamed columns, ms and °/s and g units.
    @Test func mappingRenamesColumnsAndConvertsUnits() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        ts,w,x,y,z,wx,wy,wz,ax,ay,az
        1000,1,0,0,0,0,0,90,0,0,0.5
        1010,1,0,0,0,0,0,90,0,0,0.5
        """.write(to: folder.appendingPathComponent("motion.csv"), atomically: true, encoding: .utf8)
        try "ts,exp\n1005,8\n".write(to: folder.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        let mapping = folder.appendingPathComponent("mapping.yaml")
        try """
        motion: {t_s: ts, qw: w, qx: x, qy: y, qz: z, rot_x_rad_s: wx, rot_y_rad_s: wy, rot_z_rad_s: wz,
                 user_acc_x_m_s2: ax, user_acc_y_m_s2: ay, user_acc_z_m_s2: az}
        frames: {timestamp_s: ts, exposure_s: exp}
        units: {time: ms, rotation_rate: deg_s, acceleration: g}
        """.write(to: mapping, atomically: true, encoding: .utf8)
        let log = try Bench.session(folder.path, mapping: mapping.path)
        let motion = try #require(log.motion[1].motion)
        #expect(abs(motion.timestamp - 1.010) < 1e-12)
        #expect(abs(motion.rotationRate.z - .pi / 2) < 1e-12)
        #expect(abs(motion.userAcceleration.z - 0.5 * 9.80665) < 1e-12)
        let frame = try #require(log.frames.first)
        #expect(log.frames.count == 1 && frame.index == 0 && frame.image == "frame-00000.jpg" && !frame.dropped)
        #expect(abs(frame.timestamp - 1.005) < 1e-12 && abs(frame.exposure - 0.008) < 1e-12)
        #expect(abs(frame.deliveryTime - 1.013) < 1e-12, "delivery defaults to the end of the exposure")
        #expect(abs(log.motion[0].deliveryTime - 1.0) < 1e-12, "delivery defaults to the timestamp")
    }

    /// A raw log (gyroscope, accelerometer) is fused by the chosen filter before selection.
    @Test func rawLogIsFusedThenReplayed() throws {
        let scenario = try Shipped.scenario("orbit-72")
        let simulated = try SimulatedRun(world: scenario.world, seed: 1)
        let session = try #require(try CaptureRunner.run(scenario, simulated: simulated, keepSession: true).session)
        let raw = simulated.imu.map { sample in
            CaptureSessionLog.Motion(
                deliveryTime: sample.time,
                reading: ImuReading(time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: nil))
        }
        var settings = scenario
        settings.fusion.referenceFrame = .xArbitraryZVertical
        let replayed = try Bench.replay(CaptureSessionLog(motion: raw, frames: session.frames), name: "raw", scenario: settings)
        #expect(replayed.metrics.coverage > 0.95)
        #expect(replayed.metrics.framesScored > replayed.metrics.framesTotal - 40)
    }

    /// Bad files: one line naming the file, the line and the column.
    @Test(arguments: [
        (
            "motion.csv",
            "t_s,qw,qx,qy,qz,rot_x_rad_s,rot_y_rad_s,rot_z_rad_s,user_acc_x_m_s2,user_acc_y_m_s2,user_acc_z_m_s2\n0,1,0,0,0,0,0,0,0,0,0\nx,1,0,0,0,0,0,0,0,0,0\n",
            "motion.csv:3 column t_s: 'x' is not a finite number"
        ),
        (
            "motion.csv",
            "t_s,qw,qx,qy,qz,rot_x_rad_s,rot_y_rad_s,rot_z_rad_s,user_acc_x_m_s2,user_acc_y_m_s2,user_acc_z_m_s2\n0,1,0,0,0,0,0,0,0,0,0\n1,2,0,0,0,0,0,0,0,0,0\n",
            "motion.csv:3 column qw: not a unit quaternion"
        ),
        ("motion.csv", "t_s,qw,qx,qy,rot_x_rad_s\n0,1,0,0,0\n", "motion.csv:1 column qz: missing column"),
        ("motion.csv", "t_s,a\n0,1\n1,2\n", "motion.csv:1: needs either DeviceMotion columns"),
        (
            "motion.csv",
            "t_s,gyro_x_rad_s,gyro_y_rad_s,gyro_z_rad_s,acc_x_m_s2,acc_y_m_s2,acc_z_m_s2,delivery_t_s\n0,0,0,0,0,0,9.8,5\n0.01,0,0,0,0,0,9.8,4\n",
            "motion.csv:3 column delivery_t_s: goes back in time"
        ),
        (
            "frames.csv", "timestamp_s,exposure_s,image\n1,0.01,../../etc/passwd\n",
            "frames.csv:2 column image: '../../etc/passwd' is not a plain file name"
        ),
        ("frames.csv", "frame,timestamp_s,exposure_s\n3,1,0.01\n3,1.1,0.01\n", "frames.csv:3 column frame: frame 3 appears twice"),
        ("frames.csv", "frame,timestamp_s,exposure_s\n-1,1,0.01\n", "frames.csv:2 column frame: '-1' is not a frame number"),
        ("frames.csv", "timestamp_s,exposure_s,dropped\n1,0.01,maybe\n", "frames.csv:2 column dropped: 'maybe' is not 0/1"),
        ("frames.csv", "timestamp_s,exposure_s\n1,0.01,7\n", "frames.csv:2: 3 fields, the header has 2"),
        ("frames.csv", "timestamp_s,exposure_s,image\n1,0.01,a.jpg\n2,0.01,a.jpg\n", "frames.csv:3 column image: image 'a.jpg' appears twice"),
        ("frames.csv", "timestamp_s,exposure_s\n2,0.01\n1,0.01\n", "frames.csv:3 column timestamp_s: goes back in time"),
        ("frames.csv", "timestamp_s,exposure_s\n1700000000000,0.01\n", "frames.csv:2 column timestamp_s: 1700000000000.0 s is not a plausible time"),
    ])
    func malformedSessionFilesNameFileLineAndColumn(file: String, content: String, expected: String) throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "t_s,gyro_x_rad_s,gyro_y_rad_s,gyro_z_rad_s,acc_x_m_s2,acc_y_m_s2,acc_z_m_s2\n0,0,0,0,0,0,9.8\n0.01,0,0,0,0,0,9.8\n"
            .write(to: folder.appendingPathComponent("motion.csv"), atomically: true, encoding: .utf8)
        try "timestamp_s,exposure_s\n0.005,0.001\n".write(to: folder.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        try content.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        do {
            _ = try Bench.session(folder.path)
            Issue.record("accepted: \(expected)")
        } catch {
            let message = "\(error)"
            #expect(message.contains(expected), "\(message)")
            #expect(message.hasPrefix(folder.appendingPathComponent(file).path) && !message.contains("\n"), "\(message)")
        }
    }
}
