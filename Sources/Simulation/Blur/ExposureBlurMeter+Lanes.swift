import OrbitMath

extension ExposureBlurMeter {
    /// The image path lengths of four points through `axes`, px, which points come nearer the
    /// camera than `PictureAxes.nearestDepth` at some pose, and each point's pixel position at
    /// the middle pose (`axes.count / 2`; it may lie outside the picture), px.
    ///
    /// Each lane does the arithmetic of `project` and `path(of:_:)` in the same order, so a
    /// lane whose depths all exceed `PictureAxes.nearestDepth` has the one-point path's exact
    /// bits, and `project`'s pixel at the middle pose. A lane that comes nearer (or behind) is
    /// meaningless here: the caller redoes it.
    @inline(__always)
    func pathLengths(of points: PointLanes, _ axes: UnsafeBufferPointer<PictureAxes>) -> (
        lengths: SIMD4<Double>, tooNear: SIMDMask<SIMD4<Int64>>, middleU: SIMD4<Double>, middleV: SIMD4<Double>
    ) {
        let halfWidth = SIMD4(repeating: camera.width / 2), halfHeight = SIMD4(repeating: camera.height / 2)
        let focalLength = SIMD4(repeating: camera.focalLength)
        var lengths = SIMD4<Double>(repeating: 0)
        var tooNear = SIMDMask<SIMD4<Int64>>(repeating: false)
        var previousU = SIMD4<Double>(), previousV = SIMD4<Double>()
        var middleU = SIMD4<Double>(), middleV = SIMD4<Double>()
        let middle = axes.count / 2
        for index in 0..<axes.count {
            let pose = axes[index]
            let offsetX = points.x - pose.origin.x, offsetY = points.y - pose.origin.y, offsetZ = points.z - pose.origin.z
            let depth = -(offsetX * pose.back.x + offsetY * pose.back.y + offsetZ * pose.back.z)
            tooNear .|= depth .<= PictureAxes.nearestDepth
            let scale = focalLength / depth
            let u = halfWidth + scale * (offsetX * pose.right.x + offsetY * pose.right.y + offsetZ * pose.right.z)
            let v = halfHeight - scale * (offsetX * pose.up.x + offsetY * pose.up.y + offsetZ * pose.up.z)
            if index > 0 {
                let du = u - previousU, dv = v - previousV
                lengths += (du * du + dv * dv).squareRoot()
            }
            (previousU, previousV) = (u, v)
            if index == middle { (middleU, middleV) = (u, v) }
        }
        return (lengths, tooNear, middleU, middleV)
    }
}
