import OrbitMath

/// Measures the physical motion blur of exposures: the image paths of the object's centre and
/// of points spread over its surface, through poses sampled across the exposure.
///
/// Orbiting does not move the aim point in the picture (the camera re-aims at it), but the
/// rest of the object turns in front of the camera: its near face slides one way and its far
/// edges the other, by about (ω·d/Z)·f·T for a point d from the centre at depth Z. The surface
/// points capture that; the centre alone cannot.
///
///     let meter = ExposureBlurMeter(camera: camera, object: world.object)
///     let blur = meter.measure(trajectory: trajectory, start: frame.captureTime, exposure: frame.exposure)
public struct ExposureBlurMeter: Sendable {
    public let camera: PinholeCamera
    /// The aim point, world frame, m.
    public let center: Vector3
    public let surface: [SurfacePoint]
    /// Straight pieces of each image path (poses per exposure − 1); 4 keeps the polyline within
    /// 1 % of the exact arc for the rotations a hand produces in a few milliseconds.
    public let segments: Int

    public init(camera: PinholeCamera, object: ObjectSettings, pointsPerEdge: Int = 5, segments: Int = 4) {
        self.camera = camera
        center = object.center
        surface = object.surfacePoints(perEdge: pointsPerEdge)
        self.segments = max(1, segments)
    }

    /// Blur of the exposure of `exposure` seconds starting at `start` along `trajectory`.
    public func measure(trajectory: Trajectory, start: Double, exposure: Double) -> ExposureBlur {
        withUnsafeTemporaryAllocation(of: CameraPose.self, capacity: segments + 1) { buffer in
            for step in 0...segments {
                let state = trajectory.state(at: start + exposure * Double(step) / Double(segments))
                buffer.initializeElement(at: step, to: CameraPose(state))
            }
            return measure(poses: UnsafeBufferPointer(buffer))
        }
    }

    /// Blur through explicit `poses` (equally spaced across the exposure, at least one). A point
    /// counts when its face points towards the camera and it lies inside the picture at the
    /// middle pose.
    public func measure(poses: UnsafeBufferPointer<CameraPose>) -> ExposureBlur {
        guard let middle = poses.isEmpty ? nil : poses[poses.count / 2] else {
            return ExposureBlur(center: 0, objectMean: nil, objectMax: nil, visiblePoints: 0)
        }
        let centerPath = camera.imagePathLength(of: center, poses: poses)
        var sum = 0.0, largest = 0.0, visible = 0
        for point in surface {
            guard point.normal.dot(middle.position - point.position) > 0,
                let pixel = camera.project(point.position, position: middle.position, attitude: middle.attitude),
                (0...camera.width).contains(pixel.u), (0...camera.height).contains(pixel.v)
            else { continue }
            let path = camera.imagePathLength(of: point.position, poses: poses)
            guard path.isFinite else { continue }
            sum += path
            largest = max(largest, path)
            visible += 1
        }
        return ExposureBlur(
            center: centerPath, objectMean: visible > 0 ? sum / Double(visible) : nil, objectMax: visible > 0 ? largest : nil,
            visiblePoints: visible)
    }
}
