import OrbitMath
import Rephoto
import Simulation

/// One simulated person's rephotograph.
public struct RephotoUserRecord: Sendable {
    /// 1-based, as in the tables ("user-007").
    public var user: Int
    /// Where the person stood relative to the reference camera, world frame, m.
    public var standingOffset: Vector3
    /// Seconds from raising the phone to pressing the shutter.
    public var timeToShoot: Double
    public var outcome: RephotoUserModel.Outcome
    /// True rotation from the reference to the rephotograph, thesis (2, 1, 3) angles of q_Δ:
    /// ROLL (about device y), PITCH (about device x), and the rotation about the optical axis,
    /// degrees.
    public var trueRollDegrees: Double
    public var truePitchDegrees: Double
    public var trueRotationDegrees: Double
    /// Navigation rectangle offset from the centre at the shot, points (what the app showed).
    public var rectangleOffset: (x: Double, y: Double)?
    /// Heading error of the fused attitude at the shot, degrees (signed; `nil` when the
    /// reference frame has no absolute heading).
    public var headingErrorDegrees: Double?
    /// Key points in the rephotograph, percent of the picture (thesis Table 6.1 layout);
    /// `nil` when the user ended up facing away from them (a key point behind the camera).
    public var keypoints: [NormalizedPoint]?
    /// Euclidean distances to the reference key points, percent (thesis Table 6.2 row);
    /// `nil` with `keypoints`.
    public var distances: [Double]?

    /// The picture does not show the scene: it cannot enter the tables.
    public var isLost: Bool { distances == nil }

    /// Mean distance over the key points of this picture (NaN when lost).
    public var meanDistance: Double { distances.map { $0.reduce(0, +) / Double(max($0.count, 1)) } ?? .nan }
}

/// One seed of a rephoto scenario: the reference photograph and every user's retake.
public struct RephotoStudyResult: Sendable, Codable {
    public var seed: UInt64
    public var keypointNames: [String]
    /// Key points in the reference photograph, percent.
    public var reference: [NormalizedPoint]
    /// Error of the fused attitude stored with the reference photograph, degrees (total and
    /// signed heading; heading `nil` without an absolute reference frame).
    public var referenceAttitudeErrorDegrees: Double
    public var referenceHeadingErrorDegrees: Double?
    public var users: [RephotoUserRecord]
    /// Tables 6.2 and 6.3 for the users' rephotographs that show the scene.
    public var table: KeypointErrorTable
    /// Users whose picture does not show the scene (see `RephotoUserRecord.isLost`).
    public var lostUsers: Int { users.filter(\.isLost).count }
    /// Fusion accuracy over all users' sessions (BROAD definitions); `nil` when the reference
    /// frame has no absolute heading to compare with.
    public var attitudeRMSE: AttitudeRMSE?
}
