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
        var midpoint: TruthState?
        return measure(trajectory: trajectory, start: start, exposure: exposure, midpoint: &midpoint)
    }

    /// Blur of the exposure, and the truth at its middle (`start + exposure / 2`). With an even
    /// number of `segments` the middle is one of the blur's poses, so it is queried once.
    public func measureWithMidpoint(trajectory: Trajectory, start: Double, exposure: Double) -> (blur: ExposureBlur, midpoint: TruthState) {
        var midpoint: TruthState?
        let blur = measure(trajectory: trajectory, start: start, exposure: exposure, midpoint: &midpoint)
        return (blur, midpoint ?? trajectory.state(at: start + exposure / 2))
    }

    /// Sets `midpoint` when a pose falls on the middle of the exposure.
    private func measure(trajectory: Trajectory, start: Double, exposure: Double, midpoint: inout TruthState?) -> ExposureBlur {
        withUnsafeTemporaryAllocation(of: CameraPose.self, capacity: segments + 1) { buffer in
            for step in 0...segments {
                let time = start + exposure * Double(step) / Double(segments)
                // exposure·(segments/2)/segments is exactly exposure/2 in binary floating point.
                if 2 * step == segments {
                    let state = trajectory.state(at: time)
                    midpoint = state
                    buffer.initializeElement(at: step, to: CameraPose(state))
                } else {
                    buffer.initializeElement(at: step, to: trajectory.pose(at: time))  // the rates are not needed here
                }
            }
            return measure(poses: UnsafeBufferPointer(buffer))
        }
    }

    /// Blur through explicit `poses` (equally spaced across the exposure, at least one). A point
    /// counts when its face points towards the camera and it lies inside the picture at the
    /// middle pose.
    public func measure(poses: UnsafeBufferPointer<CameraPose>) -> ExposureBlur {
        guard !poses.isEmpty else { return ExposureBlur(center: 0, objectMean: nil, objectMax: nil, visiblePoints: 0) }
        let middle = poses[poses.count / 2]
        // Each pose's picture axes in the world frame, so a projection is three dot products
        // (the same numbers `PinholeCamera.project` computes through the quaternion).
        return withUnsafeTemporaryAllocation(of: PictureAxes.self, capacity: poses.count) { axes -> ExposureBlur in
            for (index, pose) in poses.enumerated() {
                axes.initializeElement(
                    at: index,
                    to: PictureAxes(
                        origin: pose.position, right: pose.attitude.rotate(camera.right), up: pose.attitude.rotate(camera.up),
                        back: pose.attitude.rotate(.unitZ)))
            }
            let axes = UnsafeBufferPointer(axes)
            let middleAxes = axes[poses.count / 2]
            let groupCapacity = (surface.count + PointLanes.width - 1) / PointLanes.width
            let objectPaths = withUnsafeTemporaryAllocation(of: PointLanes.self, capacity: max(1, groupCapacity)) { groups in
                // The points on faces towards the camera, four to a group; the last group is
                // padded with copies. Whether a point lies in the picture comes with its path.
                var count = 0
                for point in surface {
                    // All points of a face share its plane, so this is the face's test.
                    guard point.normal.dot(middle.position - point.position) > 0 else { continue }
                    let (group, lane) = count.quotientAndRemainder(dividingBy: PointLanes.width)
                    if lane == 0 {
                        groups.initializeElement(at: group, to: PointLanes(repeating: point.position))
                    } else {
                        groups[group].set(lane: lane, to: point.position)
                    }
                    count += 1
                }
                var sum = 0.0, largest = 0.0, visible = 0
                for group in 0..<(count + PointLanes.width - 1) / PointLanes.width {
                    let lanes = groups[group]
                    let (lengths, tooNear, middleU, middleV) = pathLengths(of: lanes, axes)
                    for lane in 0..<min(PointLanes.width, count - group * PointLanes.width) {
                        let path: Double
                        if lengths[lane].isFinite && !tooNear[lane] {
                            guard inPicture(u: middleU[lane], v: middleV[lane]) else { continue }
                            path = lengths[lane]
                        } else {
                            // A point that came near or behind the camera (or whose numbers broke
                            // down) goes the one-point way, which decides what that means.
                            let point = lanes.point(lane)
                            guard let pixel = project(point, middleAxes), inPicture(u: pixel.u, v: pixel.v) else { continue }
                            path = self.path(of: point, axes)
                        }
                        guard path.isFinite else { continue }
                        sum += path
                        largest = max(largest, path)
                        visible += 1
                    }
                }
                return (sum: sum, largest: largest, visible: visible)
            }
            let visible = objectPaths.visible
            return ExposureBlur(
                center: path(of: center, axes), objectMean: visible > 0 ? objectPaths.sum / Double(visible) : nil,
                objectMax: visible > 0 ? objectPaths.largest : nil, visiblePoints: visible)
        }
    }

    /// The polyline through the point's projections; infinite when it is behind the camera at
    /// any pose.
    func path(of point: Vector3, _ axes: UnsafeBufferPointer<PictureAxes>) -> Double {
        var length = 0.0
        var previous = project(point, axes[0])
        for index in 1..<axes.count {
            guard let last = previous, let now = project(point, axes[index]) else { return .infinity }
            // Not hypot: its overflow guard is for magnitudes pixels never reach, and it took 17 % of a run.
            let (du, dv) = (now.u - last.u, now.v - last.v)
            length += (du * du + dv * dv).squareRoot()
            previous = now
        }
        return previous == nil ? .infinity : length
    }

    /// Whether a pixel position lies in the picture (its edges included).
    @inline(__always)
    func inPicture(u: Double, v: Double) -> Bool { (0...camera.width).contains(u) && (0...camera.height).contains(v) }

    /// Pixel position of `point` seen through `axes`; `nil` when it is behind the camera.
    @inline(__always)
    func project(_ point: Vector3, _ axes: PictureAxes) -> (u: Double, v: Double)? {
        let offset = point - axes.origin
        let depth = -offset.dot(axes.back)
        guard depth > PictureAxes.nearestDepth else { return nil }
        let scale = camera.focalLength / depth
        return (camera.width / 2 + scale * offset.dot(axes.right), camera.height / 2 - scale * offset.dot(axes.up))
    }
}
