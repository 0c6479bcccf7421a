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
        var points: [SurfacePoint] = []
        points.reserveCapacity(6 * perEdge * perEdge)
        for face in boxFaces {
            for i in 0..<perEdge {
                for j in 0..<perEdge {
                    let a = (2 * Double(i) + 1) / Double(perEdge) - 1, b = (2 * Double(j) + 1) / Double(perEdge) - 1
                    points.append(SurfacePoint(position: face.point(a, b), normal: face.normal))
                }
            }
        }
        return points
    }
}
