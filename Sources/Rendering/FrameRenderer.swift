import CCairo
import OrbitMath
import Simulation

/// Draws `RenderScene` as the phone's camera saw it during one exposure: the scene once per
/// sub-exposure pose (cairo, antialiased polygons), the drawings averaged (motion blur as the
/// integral over the exposure), then sensor noise. One renderer per thread; its buffers are
/// reused from frame to frame, so rendering allocates nothing per polygon or pose.
///
///     let renderer = try FrameRenderer(camera: camera, scene: RenderScene(object: world.object), width: 1280, seed: 1)
///     var image = RGBImage(width: renderer.width, height: renderer.height)
///     try renderer.render(poses: poses, frameIndex: 42, into: &image)
public final class FrameRenderer {
    public let camera: PinholeCamera
    public let scene: RenderScene
    /// Output size, px (the camera's picture scaled to `width`).
    public let width: Int
    public let height: Int
    /// Focal length at the output size, px.
    public let focalLength: Double
    /// σ of the sensor noise, digital numbers (0…255).
    public let noiseSigma: Double
    let seed: UInt64
    private let surface: OpaquePointer
    private let context: OpaquePointer
    /// libcairo's functions, loaded by the first renderer or canvas.
    private let cairo: ob_cairo_functions
    /// Sum of the drawings in the surface's byte layout (up to 24 × 255 fits 16 bits).
    private var accumulator: [UInt16]
    private let noise: [Int16]
    // Clipping scratch: camera-frame vertices (right, up, depth).
    private var clipIn = [Vector3](repeating: .zero, count: 16)
    private var clipOut = [Vector3](repeating: .zero, count: 16)
    /// Half-spaces a·x + b·y + c·depth + e ≥ 0 in the camera frame: in front of the near plane,
    /// inside the (margin-widened) picture.
    private let clipPlanes: [(Double, Double, Double, Double)]

    /// Nearest depth drawn, m.
    static let nearDepth = 0.05
    /// Polygons are clipped this far outside the picture, px (keeps cairo's fixed point safe
    /// and its edges off the border).
    static let clipMargin = 64.0
    /// Length of the noise table: a prime, so rows do not repeat its pattern.
    static let noiseTableLength = 262_139

    /// `width`: output width in px (the height follows the camera's aspect ratio); `noiseSigma`
    /// in digital numbers; `seed` makes the noise reproducible.
    public init(camera: PinholeCamera, scene: RenderScene, width: Int, noiseSigma: Double = 2, seed: UInt64) throws(RenderError) {
        guard width >= 16, width <= 8192 else { throw RenderError("render width \(width) px outside 16...8192") }
        guard camera.width > 0, camera.height > 0, camera.focalLength.isFinite, camera.focalLength > 0 else {
            throw RenderError("camera picture \(camera.width)×\(camera.height) px, focal length \(camera.focalLength) px: not drawable")
        }
        guard noiseSigma.isFinite, noiseSigma >= 0, noiseSigma <= 64 else { throw RenderError("noise σ \(noiseSigma) DN outside 0...64") }
        let scale = Double(width) / camera.width
        self.camera = camera
        self.scene = scene
        self.width = width
        height = max(1, Int((camera.height * scale).rounded()))
        focalLength = camera.focalLength * scale
        self.noiseSigma = noiseSigma
        self.seed = seed
        guard let cairo = ob_cairo_load()?.pointee else { throw RenderError(String(cString: ob_cairo_load_failure())) }
        self.cairo = cairo
        guard let surface = cairo.image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
            cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw RenderError("cannot create a \(width)×\(height) cairo surface") }
        self.surface = surface
        context = cairo.create(surface)!
        cairo.set_antialias(context, CAIRO_ANTIALIAS_GOOD)
        let halfWidth = Double(width) / 2 + Self.clipMargin, halfHeight = Double(height) / 2 + Self.clipMargin
        let f = focalLength
        clipPlanes = [
            (0, 0, 1, -Self.nearDepth), (-f, 0, halfWidth, 0), (f, 0, halfWidth, 0), (0, -f, halfHeight, 0), (0, f, halfHeight, 0),
        ]
        accumulator = [UInt16](repeating: 0, count: Int(cairo.image_surface_get_stride(surface)) * height)
        do {
            let stream = try RandomStream(seed: seed, source: "render.noise")
            noise = (0..<Self.noiseTableLength).map { _ in Int16(max(-255, min(255, stream.gaussian(sigma: noiseSigma).rounded()))) }
        } catch {
            throw RenderError("noise stream: \(error)")
        }
    }

    deinit {
        cairo.destroy(context)
        cairo.surface_destroy(surface)
    }

    /// Renders one exposure through `poses` (equally spaced over it; one pose = no motion
    /// blur) into `image`, which must have the renderer's size. `frameIndex` picks the noise
    /// (the same frame gets the same noise on any thread).
    public func render(poses: UnsafeBufferPointer<CameraPose>, frameIndex: Int, into image: inout RGBImage) throws(RenderError) {
        guard image.width == width, image.height == height else {
            throw RenderError("image is \(image.width)×\(image.height) px, the renderer draws \(width)×\(height)")
        }
        guard !poses.isEmpty else { throw RenderError("an exposure needs at least one pose") }
        for pose in poses
        where !(pose.position.isFinite && [pose.attitude.w, pose.attitude.x, pose.attitude.y, pose.attitude.z].allSatisfy(\.isFinite)) {
            throw RenderError("pose with a non-finite position or attitude")
        }
        let count = poses.count
        for (index, pose) in poses.enumerated() {
            draw(pose)
            cairo.surface_flush(surface)
            // A single pose needs no sum: `finish` reads the surface itself.
            guard count > 1 else { break }
            let data = cairo.image_surface_get_data(surface)!
            accumulator.withUnsafeMutableBufferPointer { sum in
                // Byte by byte in the surface's own layout: a loop the compiler vectorises.
                if index == 0 {
                    for offset in 0..<sum.count { sum[offset] = UInt16(data[offset]) }
                } else {
                    for offset in 0..<sum.count { sum[offset] &+= UInt16(data[offset]) }
                }
            }
        }
        finish(count: count, frameIndex: frameIndex, into: &image)
    }

    /// The average of the drawings (RGB24: B, G, R, unused per pixel on a little-endian
    /// machine) plus noise, rounded and clamped to 0…255, as RGB.
    private func finish(count: Int, frameIndex: Int, into image: inout RGBImage) {
        let length = Self.noiseTableLength
        // Where this frame starts reading the noise table: a fixed function of the frame, so
        // the frame's noise does not depend on which thread rendered it.
        var offset = Int(StreamSeed.derive(seed: seed, source: "render.noise.frame-\(frameIndex)")) % length
        // sum / count, rounded, as (sum · ⌊2¹⁶/count⌉ + 2¹⁵) >> 16: a multiply instead of a divide,
        // within one DN of exact rounding for sums of up to 24 drawings.
        let reciprocal = UInt32((65536 + count / 2) / count)
        let stride = Int(cairo.image_surface_get_stride(surface))
        let data = cairo.image_surface_get_data(surface)!
        let (width, height) = (self.width, self.height)
        accumulator.withUnsafeBufferPointer { sum in
            image.pixels.withUnsafeMutableBufferPointer { out in
                let sumBase = sum.baseAddress, outBase = out.baseAddress!
                for y in 0..<height {
                    let row = data + y &* stride
                    var target = outBase + y &* width &* 3
                    if count == 1 {
                        for x in 0..<width {
                            let source = row + 4 &* x
                            target[0] = source[2]
                            target[1] = source[1]
                            target[2] = source[0]
                            target += 3
                        }
                    } else {
                        let sumRow = sumBase! + y &* stride
                        @inline(__always) func mean(_ index: Int) -> UInt8 {
                            UInt8(truncatingIfNeeded: (UInt32(sumRow[index]) &* reciprocal &+ 32768) >> 16)
                        }
                        for x in 0..<width {
                            let source = 4 &* x
                            target[0] = mean(source &+ 2)
                            target[1] = mean(source &+ 1)
                            target[2] = mean(source)
                            target += 3
                        }
                    }
                }
                guard noiseSigma > 0 else { return }
                noise.withUnsafeBufferPointer { table in
                    // In runs up to the table's end, so the inner loop has no wrap test.
                    var position = 0
                    while position < out.count {
                        let run = min(out.count - position, length - offset)
                        let target = out.baseAddress! + position, source = table.baseAddress! + offset
                        for step in 0..<run {  // branch-free clamp: the compiler vectorises it
                            let value = Int16(target[step]) &+ source[step]
                            target[step] = UInt8(truncatingIfNeeded: min(max(value, 0), 255))
                        }
                        position += run
                        offset += run
                        if offset == length { offset = 0 }
                    }
                }
            }
        }
    }

    /// One drawing of the scene from `pose`.
    private func draw(_ pose: CameraPose) {
        set(RenderScene.sky)
        cairo.paint(context)
        fill(scene.ground, from: pose)
        for polygon in scene.groundMarks { fill(polygon, from: pose) }
        for polygon in scene.objectPolygons { fill(polygon, from: pose) }
    }

    @inline(__always)
    private func set(_ color: (r: Double, g: Double, b: Double)) {
        cairo.set_source_rgb(context, color.r, color.g, color.b)
    }

    /// Projects, clips and fills one polygon (nothing when it faces away or lies outside).
    private func fill(_ polygon: ScenePolygon, from pose: CameraPose) {
        if let normal = polygon.normal, normal.dot(pose.position - polygon.corners.0) <= 0 { return }
        let right = camera.right, up = camera.up
        @inline(__always) func toCamera(_ point: Vector3) -> Vector3 {
            let body = pose.attitude.inverseRotate(point - pose.position)
            return Vector3(body.dot(right), body.dot(up), -body.z)
        }
        clipIn[0] = toCamera(polygon.corners.0)
        clipIn[1] = toCamera(polygon.corners.1)
        clipIn[2] = toCamera(polygon.corners.2)
        clipIn[3] = toCamera(polygon.corners.3)
        var count = 4
        let f = focalLength
        for plane in clipPlanes {
            count = clip(count, plane)
            if count < 3 { return }
        }
        cairo.new_path(context)
        for index in 0..<count {
            let point = clipIn[index]
            let u = Double(width) / 2 + f * point.x / point.z, v = Double(height) / 2 - f * point.y / point.z
            if index == 0 { cairo.move_to(context, u, v) } else { cairo.line_to(context, u, v) }
        }
        cairo.close_path(context)
        set(polygon.color)
        cairo.fill(context)
    }

    /// Sutherland–Hodgman: keeps the part of `clipIn[0..<count]` inside the half-space; the
    /// result is back in `clipIn`.
    @inline(__always)
    private func clip(_ count: Int, _ plane: (Double, Double, Double, Double)) -> Int {
        @inline(__always) func side(_ p: Vector3) -> Double { plane.0 * p.x + plane.1 * p.y + plane.2 * p.z + plane.3 }
        var kept = 0
        for index in 0..<count {
            let current = clipIn[index], next = clipIn[(index + 1) % count]
            let a = side(current), b = side(next)
            if a >= 0 {
                clipOut[kept] = current
                kept += 1
            }
            if (a >= 0) != (b >= 0) {
                let t = a / (a - b)
                clipOut[kept] = current + t * (next - current)
                kept += 1
            }
        }
        swap(&clipIn, &clipOut)
        return kept
    }
}
