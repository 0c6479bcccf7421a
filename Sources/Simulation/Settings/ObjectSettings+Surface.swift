import OrbitMath

/// A point on the object's surface with the outward normal of the face it lies on.
public struct SurfacePoint: Sendable, Equatable {
    /// World frame, m.
    public var position: Vector3
    /// Unit outward normal, world frame.
    public var normal: Vector3

    public init(position: Vector3, normal: Vector3) {
        self.position = position
        self.normal = normal
    }
}

extension ObjectSettings {
    /// Points spread over the six faces of the `size` box around `center`: a `perEdge` ×
    /// `perEdge` grid per face at the centres of equal cells (so no point sits on an edge
    /// shared by two faces). 5 per edge gives 150 points — the object's "texture" for blur.
    /// A face of zero extent (a flat object) still gets its points; `perEdge` < 1 gives none.
    public func surfacePoints(perEdge: Int = 5) -> [SurfacePoint] {
        guard perEdge >= 1 else { return [] }
        let half = 0.5 * size
        var points: [SurfacePoint] = []
        points.reserveCapacity(6 * perEdge * perEdge)
        // Each face: its normal axis and the two axes spanning it.
        let faces: [(normal: Vector3, u: Vector3, v: Vector3)] = [
            (.unitX, .unitY, .unitZ), (-.unitX, .unitY, .unitZ),
            (.unitY, .unitX, .unitZ), (-.unitY, .unitX, .unitZ),
            (.unitZ, .unitX, .unitY), (-.unitZ, .unitX, .unitY),
        ]
        for face in faces {
            let faceCenter = center + Vector3(face.normal.x * half.x, face.normal.y * half.y, face.normal.z * half.z)
            let uExtent = abs(face.u.dot(size)), vExtent = abs(face.v.dot(size))
            for i in 0..<perEdge {
                for j in 0..<perEdge {
                    let a = (Double(i) + 0.5) / Double(perEdge) - 0.5, b = (Double(j) + 0.5) / Double(perEdge) - 0.5
                    let position = faceCenter + (a * uExtent) * face.u + (b * vExtent) * face.v
                    points.append(SurfacePoint(position: position, normal: face.normal))
                }
            }
        }
        return points
    }
}
