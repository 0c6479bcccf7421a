import ReportIO
import OrbitMath
import Simulation

/// The raw streams of one simulated run as CSV tables (`orbitbench simulate`), for feeding
/// other tools. Times appear twice: seconds (`_s`) and integer nanoseconds (`_ns`). Angles are
/// in degrees, rates in °/s, body-frame vectors in the CoreMotion device frame.
public enum SimulationCSV {
    /// The truth at every IMU sample instant as a TUM RGB-D trajectory, `t x y z qx qy qz qw`
    /// (s, m; body → world x north, y west, z up): what a `trajectory:` block with `format: tum`
    /// reads back.
    public static func tum(_ run: SimulatedRun) -> String {
        var text = "# t_s x_m y_m z_m qx qy qz qw (body -> world: x north, y west, z up)\n"
        text.reserveCapacity(run.imu.count * 120)
        for sample in run.imu {
            let pose = run.trajectory.pose(at: sample.time)
            let p = pose.position, q = pose.attitude
            text += String(format: "%.9f %.9f %.9f %.9f %.12f %.12f %.12f %.12f\n", sample.time, p.x, p.y, p.z, q.x, q.y, q.z, q.w)
        }
        return text
    }

    /// Ground truth at every IMU sample instant (re-queried from the exact trajectory).
    public static func truth(_ run: SimulatedRun) -> CSVWriter {
        let header = [
            "t_s", "t_ns", "pos_x_m", "pos_y_m", "pos_z_m", "vel_x_m_s", "vel_y_m_s", "vel_z_m_s",
            "acc_x_m_s2", "acc_y_m_s2", "acc_z_m_s2", "qw", "qx", "qy", "qz",
            "pitch_deg", "roll_deg", "yaw_deg", "gyro_x_dps", "gyro_y_dps", "gyro_z_dps",
            "force_x_m_s2", "force_y_m_s2", "force_z_m_s2", "progress_deg", "azimuth_deg",
            "gyro_bias_x_dps", "gyro_bias_y_dps", "gyro_bias_z_dps",
            "accel_bias_x_m_s2", "accel_bias_y_m_s2", "accel_bias_z_m_s2",
            "field_x_ut", "field_y_ut", "field_z_ut", "mag_disturbed",
        ]
        return CSVWriter(header: header, rows: zip(run.imu, run.imuTruth)) { csv, pair in
            let (sample, truth) = pair
            let state = run.trajectory.state(at: sample.time)
            csv.time(state.time)
            vector(state.position, decimals: 6, into: &csv)
            vector(state.velocity, decimals: 6, into: &csv)
            vector(state.acceleration, decimals: 6, into: &csv)
            let q = state.attitude
            for component in [q.w, q.x, q.y, q.z] { csv.number(component, decimals: 9) }
            let angles = q.coreMotionAngles
            for angle in [angles.pitch, angles.roll, angles.yaw] { csv.number(angle * Angles.degreesPerRadian, decimals: 6) }
            vector(state.angularVelocity * Angles.degreesPerRadian, decimals: 6, into: &csv)
            vector(state.specificForce, decimals: 6, into: &csv)
            csv.number(state.progress * Angles.degreesPerRadian, decimals: 6)
            csv.number(state.azimuth * Angles.degreesPerRadian, decimals: 6)
            vector(truth.gyroscopeBias * Angles.degreesPerRadian, decimals: 6, into: &csv)
            vector(truth.accelerometerBias, decimals: 6, into: &csv)
            vector(run.magnetic.field(at: state.time, attitude: state.attitude), decimals: 4, into: &csv)
            csv.bool(truth.magneticDisturbance)
        }
    }

    /// What the phone's sensors report. Magnetometer columns are empty between its samples.
    public static func imu(_ run: SimulatedRun) -> CSVWriter {
        let header = [
            "t_s", "t_ns", "gyro_x_dps", "gyro_y_dps", "gyro_z_dps",
            "accel_x_m_s2", "accel_y_m_s2", "accel_z_m_s2", "mag_x_ut", "mag_y_ut", "mag_z_ut",
        ]
        return CSVWriter(header: header, rows: run.imu) { csv, sample in
            csv.time(sample.time)
            vector(sample.gyroscope * Angles.degreesPerRadian, decimals: 6, into: &csv)
            vector(sample.accelerometer, decimals: 6, into: &csv)
            if let field = sample.magnetometer {
                vector(field, decimals: 4, into: &csv)
            } else {
                for _ in 0..<3 { csv.empty() }
            }
        }
    }

    /// The DeviceMotion delivery schedule.
    public static func motion(_ run: SimulatedRun) -> CSVWriter {
        CSVWriter(header: ["sample_t_s", "sample_t_ns", "delivery_t_s", "delivery_t_ns", "imu_index", "flood"], rows: run.motion) { csv, delivery in
            csv.time(delivery.sampleTime)
            csv.time(delivery.deliveryTime)
            csv.integer(delivery.imuIndex)
            csv.bool(delivery.isFlood)
        }
    }

    /// Camera frames, with their fate on the app's queue when every motion update is
    /// processed in full (no flood guard).
    public static func frames(_ run: SimulatedRun, pipeline: [FrameProcessing]) -> CSVWriter {
        let header = [
            "frame", "capture_t_s", "capture_t_ns", "exposure_s", "timestamp_s", "timestamp_ns",
            "delivery_t_s", "delivery_t_ns", "latency_ms", "queue_backlog_ms", "dropped",
        ]
        return CSVWriter(header: header, rows: zip(run.frames, pipeline)) { csv, pair in
            let (frame, processing) = pair
            csv.integer(frame.index)
            csv.time(frame.captureTime)
            csv.number(frame.exposure, decimals: 6)
            csv.time(frame.timestamp)
            csv.time(frame.deliveryTime)
            csv.number((frame.deliveryTime - frame.captureTime - frame.exposure) * 1000, decimals: 3)
            csv.number(processing.backlog * 1000, decimals: 3)
            csv.bool(processing.dropped)
        }
    }

    private static func vector(_ value: Vector3, decimals: Int, into csv: inout CSVWriter) {
        csv.number(value.x, decimals: decimals)
        csv.number(value.y, decimals: decimals)
        csv.number(value.z, decimals: decimals)
    }
}
