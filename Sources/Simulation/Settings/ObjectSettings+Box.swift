import OrbitMath

/// One face of the object box: its centre, outward normal and the two in-plane axes (u × v =
/// normal) with the half extents along them, m.
public struct BoxFace: Sendable, Equatable {
    public var center: Vector3
    public var normal: Vector3
    public var u: Vector3
    public var v: Vector3
    public var uHalf: Double
    public var vHalf: Double

    /// The point at face coordinates (`a`, `b`) in −1…1 (corners at ±1).
    @inline(__always)
    public func point(_ a: Double, _ b: Double) -> Vector3 { center + (a * uHalf) * u + (b * vHalf) * v }
}

extension ObjectSettings {
    /// The six faces of the `size` box around `center`, in the order +x, −x, +y, −y, +z, −z.
    public var boxFaces: [BoxFace] {
        let half = 0.5 * size
        let axes: [(normal: Vector3, u: Vector3, v: Vector3)] = [
            (.unitX, .unitY, .unitZ), (-.unitX, -.unitY, .unitZ), (.unitY, -.unitX, .unitZ), (-.unitY, .unitX, .unitZ),
            (.unitZ, .unitX, .unitY), (-.unitZ, -.unitX, .unitY),
        ]
        return axes.map { face in
            BoxFace(
                center: center + Vector3(face.normal.x * half.x, face.normal.y * half.y, face.normal.z * half.z), normal: face.normal,
                u: face.u, v: face.v, uHalf: 0.5 * abs(face.u.dot(size)), vHalf: 0.5 * abs(face.v.dot(size)))
        }
    }

    /// The eight corners of the `size` box around `center`.
    public var boxCorners: [Vector3] {
        let half = 0.5 * size
        var corners: [Vector3] = []
        for sx in [-1.0, 1.0] {
            for sy in [-1.0, 1.0] {
                for sz in [-1.0, 1.0] { corners.append(center + Vector3(sx * half.x, sy * half.y, sz * half.z)) }
            }
        }
        return corners
    }
}
