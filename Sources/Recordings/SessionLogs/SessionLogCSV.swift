import ReportIO
import Fusion
import OrbitMath

/// The session layout of `replay` (docs/guides/sessions.md): `motion.csv` and `frames.csv`.
/// Numbers are written in their shortest exact form so a replayed log makes exactly the same
/// decisions as the run that wrote it.
public enum SessionLogCSV {
    /// Columns of a fused motion log, in the canonical units their names carry.
    public static let fusedColumns = [
        "t_s", "delivery_t_s", "qw", "qx", "qy", "qz", "rot_x_rad_s", "rot_y_rad_s", "rot_z_rad_s",
        "user_acc_x_m_s2", "user_acc_y_m_s2", "user_acc_z_m_s2", "grav_x_m_s2", "grav_y_m_s2", "grav_z_m_s2",
    ]
    /// Columns of a raw motion log (magnetometer optional, empty between its samples).
    public static let rawColumns = [
        "t_s", "delivery_t_s", "gyro_x_rad_s", "gyro_y_rad_s", "gyro_z_rad_s", "acc_x_m_s2", "acc_y_m_s2", "acc_z_m_s2",
        "mag_x_ut", "mag_y_ut", "mag_z_ut",
    ]
    /// Optional reference columns: attitude (body → world, z up) and camera position relative
    /// to the object centre.
    public static let referenceColumns = ["ref_qw", "ref_qx", "ref_qy", "ref_qz", "ref_x_m", "ref_y_m", "ref_z_m"]
    public static let frameColumns = ["frame", "timestamp_s", "exposure_s", "delivery_t_s", "image", "dropped"]

    /// motion.csv of a fused log (raw entries are not written: a simulated session is fused).
    public static func motion(_ log: CaptureSessionLog) -> CSVWriter {
        let withReference = log.hasReference
        let delivered = log.motion.lazy.compactMap { entry in entry.motion.map { (entry, $0) } }
        return CSVWriter(header: fusedColumns + (withReference ? referenceColumns : []), rows: delivered) { csv, pair in
            let (entry, motion) = pair
            csv.exact(motion.timestamp)
            csv.exact(entry.deliveryTime)
            for component in [motion.attitude.w, motion.attitude.x, motion.attitude.y, motion.attitude.z] { csv.exact(component) }
            vector(motion.rotationRate, into: &csv)
            vector(motion.userAcceleration, into: &csv)
            vector(motion.gravity, into: &csv)
            if withReference {
                if let q = entry.reference?.attitude {
                    for component in [q.w, q.x, q.y, q.z] { csv.exact(component) }
                } else {
                    for _ in 0..<4 { csv.empty() }
                }
                if let position = entry.reference?.position { vector(position, into: &csv) } else { for _ in 0..<3 { csv.empty() } }
            }
        }
    }

    public static func frames(_ log: CaptureSessionLog) -> CSVWriter {
        CSVWriter(header: frameColumns, rows: log.frames) { csv, frame in
            csv.integer(frame.index)
            csv.exact(frame.timestamp)
            csv.exact(frame.exposure)
            csv.exact(frame.deliveryTime)
            csv.text(frame.image)
            csv.bool(frame.dropped)
        }
    }

    private static func vector(_ value: Vector3, into csv: inout CSVWriter) {
        csv.exact(value.x)
        csv.exact(value.y)
        csv.exact(value.z)
    }
}
