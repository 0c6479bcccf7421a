import OrbitMath

/// A pose's camera position and picture axes (right, up, and the back of the optical axis),
/// world frame: a projection through them is three dot products.
struct PictureAxes {
    /// Points nearer the camera than this along its axis count as behind it, m.
    static let nearestDepth = 1e-6

    var origin: Vector3
    var right: Vector3
    var up: Vector3
    var back: Vector3
}
