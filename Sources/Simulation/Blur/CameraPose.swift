import OrbitMath

/// Where the camera is and how it is turned at one instant.
public struct CameraPose: Sendable, Equatable {
    /// World frame, m.
    public var position: Vector3
    /// Body → world.
    public var attitude: Quaternion

    public init(position: Vector3, attitude: Quaternion) {
        self.position = position
        self.attitude = attitude
    }

    public init(_ state: TruthState) {
        self.init(position: state.position, attitude: state.attitude)
    }
}
