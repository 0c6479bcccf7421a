import OrbitMath
import Rephoto
import Simulation

/// A user's rephotograph as data, for the shards of a split `run` (`ShardedJobs`).
extension RephotoUserRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case user, standingOffset, timeToShoot, outcome, trueRollDegrees, truePitchDegrees, trueRotationDegrees
        case rectangleOffsetX, rectangleOffsetY, headingErrorDegrees, keypoints, distances
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = try container.decode(Int.self, forKey: .user)
        standingOffset = try container.decode(Vector3.self, forKey: .standingOffset)
        timeToShoot = try container.decode(Double.self, forKey: .timeToShoot)
        outcome = try container.decode(RephotoUserModel.Outcome.self, forKey: .outcome)
        trueRollDegrees = try container.decode(Double.self, forKey: .trueRollDegrees)
        truePitchDegrees = try container.decode(Double.self, forKey: .truePitchDegrees)
        trueRotationDegrees = try container.decode(Double.self, forKey: .trueRotationDegrees)
        let x = try container.decodeIfPresent(Double.self, forKey: .rectangleOffsetX)
        let y = try container.decodeIfPresent(Double.self, forKey: .rectangleOffsetY)
        guard (x == nil) == (y == nil) else {
            throw DecodingError.dataCorruptedError(forKey: .rectangleOffsetY, in: container, debugDescription: "a rectangle offset needs x and y")
        }
        rectangleOffset = x.flatMap { x in y.map { (x, $0) } }
        headingErrorDegrees = try container.decodeIfPresent(Double.self, forKey: .headingErrorDegrees)
        keypoints = try container.decodeIfPresent([NormalizedPoint].self, forKey: .keypoints)
        distances = try container.decodeIfPresent([Double].self, forKey: .distances)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(standingOffset, forKey: .standingOffset)
        try container.encode(timeToShoot, forKey: .timeToShoot)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(trueRollDegrees, forKey: .trueRollDegrees)
        try container.encode(truePitchDegrees, forKey: .truePitchDegrees)
        try container.encode(trueRotationDegrees, forKey: .trueRotationDegrees)
        try container.encodeIfPresent(rectangleOffset?.x, forKey: .rectangleOffsetX)
        try container.encodeIfPresent(rectangleOffset?.y, forKey: .rectangleOffsetY)
        try container.encodeIfPresent(headingErrorDegrees, forKey: .headingErrorDegrees)
        try container.encodeIfPresent(keypoints, forKey: .keypoints)
        try container.encodeIfPresent(distances, forKey: .distances)
    }
}
