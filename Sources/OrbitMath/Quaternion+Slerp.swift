import Foundation

extension Quaternion {
    /// Spherical linear interpolation between unit quaternions along the shorter arc:
    /// t = 0 gives `start`, t = 1 gives `end` (or −end, the same rotation, when the shorter
    /// arc requires it), constant angular velocity in between. t outside [0, 1] extrapolates.
    ///
    /// When the two are within ~1e-6 rad the arc is indistinguishable from a chord, so the
    /// normalised linear interpolation is used to avoid dividing by sin(≈0).
    @inlinable
    public static func slerp(_ start: Quaternion, _ end: Quaternion, t: Double) -> Quaternion {
        var cosHalfAngle = start.dot(end)
        var target = end
        if cosHalfAngle < 0 {
            cosHalfAngle = -cosHalfAngle
            target = -end
        }
        let startWeight: Double
        let endWeight: Double
        if cosHalfAngle > 1 - 1e-12 {
            startWeight = 1 - t
            endWeight = t
        } else {
            let halfAngle = acos(min(cosHalfAngle, 1))
            let sinHalfAngle = sin(halfAngle)
            startWeight = sin((1 - t) * halfAngle) / sinHalfAngle
            endWeight = sin(t * halfAngle) / sinHalfAngle
        }
        let blended = startWeight * start + endWeight * target
        return blended.normalized ?? start
    }
}
