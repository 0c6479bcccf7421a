import Foundation
import OrbitMath
import Recordings
import Runs
import Scenarios
import Simulation
import StatisticsKit
import TestSupport
import Testing

/// Round trips through a scenario's `trajectory:` block: a simulation's truth written as a TUM
/// trajectory, imported and fitted, must give back the analytic motion and the same capture.
@Suite struct TrajectoryImportTests {
    /// Writes seed 1's truth of `name` as TUM into a fresh folder; returns the folder, the run and
    /// the scenario.
    static func exported(_ name: String, seed: UInt64 = 1) throws -> (folder: String, run: SimulatedRun, scenario: Scenario) {
        let original = try scenario(name)
        let run = try SimulatedRun(world: original.world, seed: seed)
        let folder = NSTemporaryDirectory() + "trajectory-import-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try SimulationCSV.tum(run).write(toFile: folder + "/truth.tum", atomically: true, encoding: .utf8)
        return (folder, run, original)
    }

    /// Angular velocity and specific force of the fitted import against the analytic ones at
    /// every IMU instant of the walk (the first and last 0.5 s left out: a spline's ends have
    /// one-sided support). With the default fit (position knots 0.1 s, made for millimetre
    /// motion-capture noise) the walk's 2 Hz steps are smoothed a little: tolerances RMS
    /// 0.05 °/s and 0.15 m/s², largest 0.5 °/s and 0.5 m/s². With position knots 0.04 s (clean
    /// poses afford it) the force comes back within RMS 0.03 m/s², largest 0.15 m/s².
    @Test(arguments: [0.1, 0.04]) func importedTruthGivesBackTheAnalyticRatesAndForces(positionKnots: Double) throws {
        let (folder, run, _) = try Self.exported("orbit-72")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let track = try PoseTrack.read(folder + "/truth.tum", format: .tum)
        var settings = RecordedMotion.Settings()
        settings.positionKnotSpacing = positionKnots
        let imported = try ImportedMotion(
            times: track.times, attitudes: track.attitudes, positions: track.positions, objectCenter: nil, gravity: Units.standardGravity,
            settings: settings, source: "truth.tum")
        var rate = (sum: 0.0, max: 0.0), force = (sum: 0.0, max: 0.0), count = 0.0
        for sample in run.imu where sample.time > 0.5 && sample.time < run.trajectory.duration - 0.5 {
            let truth = run.trajectory.state(at: sample.time), fitted = imported.state(at: sample.time - track.times[0])
            let rateError = Angles.degrees((fitted.angularVelocity - truth.angularVelocity).norm)
            let forceError = (fitted.specificForce - truth.specificForce).norm
            rate = (rate.sum + rateError * rateError, max(rate.max, rateError))
            force = (force.sum + forceError * forceError, max(force.max, forceError))
            count += 1
        }
        let rateRMS = (rate.sum / count).squareRoot(), forceRMS = (force.sum / count).squareRoot()
        let forceLimits = positionKnots == 0.1 ? (rms: 0.15, max: 0.5) : (rms: 0.03, max: 0.15)
        #expect(rateRMS < 0.05 && rate.max < 0.5, "angular velocity: RMS \(rateRMS) °/s, largest \(rate.max) °/s")
        #expect(
            forceRMS < forceLimits.rms && force.max < forceLimits.max, "specific force: RMS \(forceRMS) m/s², largest \(force.max) m/s²")
        // The object is where the optical axes meet: the scenario's centre within 5 cm.
        let centerError = (imported.objectCenter - run.world.object.center).norm
        #expect(centerError < 0.05, "object centre off by \(centerError) m: \(imported.objectCenter)")
        print("positionKnots \(positionKnots): rate \(rateRMS) max \(rate.max); force \(forceRMS) max \(force.max); centre \(centerError)")
    }

    /// A capture along the imported walk of seed 1 measures what seed 1 measured: its coverage,
    /// frames selected and mean blur lie within the spread (min…max widened by 10 % of the
    /// range, for 10 seeds) of 10 seeds of sensor noise along the imported walk.
    @Test func captureAlongTheImportedWalkMatchesTheOriginal() throws {
        let (folder, _, original) = try Self.exported("orbit-72")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let yaml = "trajectory:\n  source: truth.tum\n  format: tum\n"
        let imported = try ScenarioLoader.parse(yaml: yaml, fileName: folder + "/along.yaml")
        #expect(imported.world.imported != nil)
        let reference = try CaptureRunner.run(original, seed: 1).metrics
        let runs = try (1...10).map { seed in try CaptureRunner.run(imported, seed: UInt64(seed)).metrics }
        let measures: [(String, (CaptureMetrics) -> Double)] = [
            ("coverage", { $0.coverage }), ("frames selected", { Double($0.framesSelected) }), ("blur_obj_mean_px", { $0.blurObjectSelectedMean }),
        ]
        for (name, value) in measures {
            let values = runs.map(value), low = values.min()!, high = values.max()!
            let margin = max(0.1 * (high - low), 1e-9)
            print("capture along import: \(name) original \(value(reference)), imported \(low)…\(high)")
            #expect(
                value(reference) >= low - margin && value(reference) <= high + margin,
                "\(name): original \(value(reference)), imported \(low)…\(high)")
        }
    }

    /// The same poses written as EuRoC ground truth and as a mapped CSV read back as TUM does.
    @Test func eurocAndCSVReadTheSamePoses() throws {
        let folder = NSTemporaryDirectory() + "pose-formats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let poses: [(t: Double, p: Vector3, q: Quaternion)] = (0..<50).map { index in
            let t = 1_700_000_000 + Double(index) * 0.01
            return (t, Vector3(Double(index) * 0.01, 1, 1.5), Quaternion(about: .z, angle: Double(index) * 0.02))
        }
        var tum = "# t x y z qx qy qz qw\n",
            euroc = "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []\n"
        var csv = "time_ms;px;py;pz;qw;qx;qy;qz\n"
        for pose in poses {
            let (p, q) = (pose.p, pose.q)
            tum += "\(pose.t) \(p.x) \(p.y) \(p.z) \(q.x) \(q.y) \(q.z) \(q.w)\n"
            euroc += "\(Int64((pose.t * 1e9).rounded())),\(p.x),\(p.y),\(p.z),\(q.w),\(q.x),\(q.y),\(q.z)\n"
            csv += "\(pose.t * 1000);\(p.x);\(p.y);\(p.z);\(q.w);\(q.x);\(q.y);\(q.z)\n"
        }
        try tum.write(toFile: folder + "/a.tum", atomically: true, encoding: .utf8)
        try euroc.write(toFile: folder + "/a.csv", atomically: true, encoding: .utf8)
        try csv.write(toFile: folder + "/b.csv", atomically: true, encoding: .utf8)
        var columns = PoseTrack.Columns()
        columns.time = "time_ms"
        columns.timeUnit = .ms
        columns.position = ["px", "py", "pz"]
        columns.attitude = ["qw", "qx", "qy", "qz"]
        columns.delimiter = ";"
        let tracks = [
            try PoseTrack.read(folder + "/a.tum", format: .tum), try PoseTrack.read(folder + "/a.csv", format: .euroc),
            try PoseTrack.read(folder + "/b.csv", format: .csv, columns: columns),
        ]
        for track in tracks {
            #expect(track.times.count == 50)
            let elapsed = track.times.map { $0 - track.times[0] }
            for index in 0..<50 {
                #expect(abs(elapsed[index] - Double(index) * 0.01) < 1e-6, "\(track.file) time \(index)")
                #expect((track.positions![index]! - poses[index].p).norm < 1e-9)
                #expect(abs(abs(track.attitudes[index]!.dot(poses[index].q)) - 1) < 1e-12)
            }
        }
    }

    /// Files and scenarios that cannot work are one-line errors naming the file, row or key.
    @Test func badTrajectoriesAreNamed() throws {
        let folder = NSTemporaryDirectory() + "bad-trajectories-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Two poses 1 s apart: a gap longer than maximum_gap_s.
        var gap = ""
        for index in 0..<200 { gap += "\(Double(index) * 0.01 + (index >= 100 ? 1 : 0)) 0 0 0 0 0 0 1\n" }
        try gap.write(toFile: folder + "/gap.tum", atomically: true, encoding: .utf8)
        try "0 0 0 0 0 0 0 1\n0.01 0 0 0 0 0 0\n".write(toFile: folder + "/short.tum", atomically: true, encoding: .utf8)
        try "0 0 0 0 0 0 0 1\n0.01 0 0 0 0 0 0 2\n".write(toFile: folder + "/norm.tum", atomically: true, encoding: .utf8)
        func problem(_ yaml: String) -> String {
            do {
                _ = try ScenarioLoader.parse(yaml: yaml, fileName: folder + "/s.yaml")
                return "accepted"
            } catch { return error.description }
        }
        let gapMessage = problem("kind: handheld\ntrajectory: {source: gap.tum}\n")
        #expect(gapMessage.contains("trajectory.source") && gapMessage.contains("maximum_gap_s"), "\(gapMessage)")
        #expect(problem("kind: handheld\ntrajectory: {source: short.tum}\n").contains("expected 8 fields"))
        #expect(problem("kind: handheld\ntrajectory: {source: norm.tum}\n").contains("row 2"))
        #expect(problem("kind: handheld\ntrajectory: {source: none.tum}\n").contains("no such file"))
        #expect(problem("kind: rephoto\ntrajectory: {source: gap.tum}\n").contains("trajectory: not used by rephoto"))
        #expect(problem("trajectory: {source: gap.tum}\norbit: {radius_m: 2.5}\n").contains("orbit: not used with a recorded trajectory"))
        #expect(problem("trajectory: {format: euroc}\n").contains("needs source"))
        // A hand that only turns in place keeps one direction: no object to fit for a capture.
        var still = ""
        for index in 0..<300 { still += "\(Double(index) * 0.01) 0 0 1 0 0 0 1\n" }
        try still.write(toFile: folder + "/still.tum", atomically: true, encoding: .utf8)
        #expect(problem("trajectory: {source: still.tum}\n").contains("do not converge"))
    }
}
