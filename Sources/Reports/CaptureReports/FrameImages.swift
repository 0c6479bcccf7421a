import Rendering
import ReportIO
import Runs
import Scenarios
import Simulation
import StatisticsKit
import Execution
import Recordings

/// `run --render`: the frames of a capture run drawn as the camera saw them (`FrameRenderer`)
/// and encoded as JPEG under the names `recording.json` gives them, with each picture's
/// sharpness measured from its pixels.
public enum FrameImages {
    public struct Settings: Sendable, Equatable {
        /// Output width, px (the height follows the camera's aspect ratio).
        public var width = 1280
        /// σ of the sensor noise, DN.
        public var noiseSigma = 2.0
        /// JPEG quality 1…100.
        public var quality = 90
        /// Every frame of the run instead of the selected one of each slot.
        public var allFrames = false

        public init() {}
    }

    /// One rendered frame.
    public struct Frame: Sendable {
        public var index: Int
        /// File name under images/ (`CaptureSessionLog.imageName`).
        public var name: String
        public var jpeg: [UInt8]
        /// Variance of the Laplacian over the object's region, DN² (`ImageSharpness`).
        public var sharpness: Double?
        /// The physical blur the run measured for the frame, px at the camera's resolution.
        public var objectBlur: Double?
        /// Sub-exposure poses integrated.
        public var poses: Int
    }

    /// Renders the selected frame of every slot (or every frame) of `result`, a run of
    /// `scenario`, on all cores; frames come back in frame order.
    public static func render(scenario: Scenario, result: CaptureRunResult, settings: Settings = Settings()) throws -> [Frame] {
        let trajectory = try Trajectory(world: scenario.world, seed: result.seed)
        return try render(
            world: scenario.world, frames: chosen(result, settings), seed: result.seed, settings: settings,
            pose: { trajectory.pose(at: $0) })
    }

    /// Renders a replayed session's chosen frames (under the session's image names) from its reference poses (`ReferenceTrack`:
    /// attitudes in a z-up world frame, positions relative to the object centre), with the
    /// scenario's object and camera. Frames whose exposure the reference does not cover are
    /// left out; `skip` names frames not to draw (their pictures exist).
    public static func render(
        scenario: Scenario, replayed result: CaptureRunResult, reference: ReferenceTrack, settings: Settings = Settings(),
        skip: Set<Int> = []
    ) throws -> [Frame] {
        let center = scenario.world.object.center
        let covered = chosen(result, settings).filter { frame in
            !skip.contains(frame.index) && reference.camera(at: frame.captureTime) != nil
                && reference.camera(at: frame.captureTime + frame.exposure) != nil
        }
        var names: [Int: String] = [:]
        for slot in result.slots { if let entry = slot.entry { names[entry.frameIndex] = entry.image } }
        return try render(
            world: scenario.world, frames: covered, names: names, seed: 0, settings: settings,
            pose: { time in
                // Inside the covered span by construction.
                let camera = reference.camera(at: time)!
                return CameraPose(position: camera.position + center, attitude: camera.attitude)
            })
    }

    /// The frames `settings` asks for, in frame order.
    static func chosen(_ result: CaptureRunResult, _ settings: Settings) -> [FrameRecord] {
        let selected = Set(result.slots.compactMap { $0.entry?.frameIndex })
        return result.frames.filter { settings.allFrames || selected.contains($0.index) }.sorted { $0.index < $1.index }
    }

    /// Draws `frames` with the camera at `pose(t)`; the sub-exposure pose count follows each
    /// frame's largest object blur, measured here from the same poses.
    static func render(
        world: WorldSettings, frames: [FrameRecord], names: [Int: String] = [:], seed: UInt64, settings: Settings,
        pose: @escaping @Sendable (Double) -> CameraPose
    ) throws -> [Frame] {
        guard !frames.isEmpty else { return [] }
        let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        let meter = ExposureBlurMeter(camera: camera, object: world.object)
        let scene = RenderScene(object: world.object)
        let scale = Double(settings.width) / camera.width
        let workers = min(Parallel.workerLimit, frames.count)
        let chunks = try Parallel.map(workers) { worker -> [Frame] in
            let renderer = try FrameRenderer(camera: camera, scene: scene, width: settings.width, noiseSigma: settings.noiseSigma, seed: seed)
            var image = RGBImage(width: renderer.width, height: renderer.height)
            var rendered: [Frame] = []
            for position in Swift.stride(from: worker, to: frames.count, by: workers) {
                let frame = frames[position]
                // The run measured the blur of simulated frames; a replayed frame's is measured here.
                let blur: ExposureBlur
                if let largest = frame.objectBlurMax {
                    blur = ExposureBlur(center: 0, objectMean: frame.objectBlurMean, objectMax: largest, visiblePoints: 0)
                } else {
                    let probe = (0...meter.segments).map { pose(frame.captureTime + frame.exposure * Double($0) / Double(meter.segments)) }
                    blur = probe.withUnsafeBufferPointer { meter.measure(poses: $0) }
                }
                let count = ExposurePoses.count(forBlur: (blur.objectMax ?? blur.center) * scale)
                let poses =
                    count > 1
                    ? (0..<count).map { pose(frame.captureTime + frame.exposure * Double($0) / Double(count - 1)) }
                    : [pose(frame.captureTime + frame.exposure / 2)]
                try poses.withUnsafeBufferPointer { try renderer.render(poses: $0, frameIndex: frame.index, into: &image) }
                let region = ImageSharpness.objectRegion(
                    camera: camera, object: world.object, pose: pose(frame.captureTime + frame.exposure / 2), scale: scale, width: renderer.width,
                    height: renderer.height)
                rendered.append(
                    Frame(
                        index: frame.index, name: names[frame.index] ?? CaptureSessionLog.imageName(frame.index),
                        jpeg: try JPEGImage.encode(image, quality: settings.quality),
                        sharpness: region.flatMap { ImageSharpness.laplacianVariance(image, region: $0) }, objectBlur: blur.objectMean, poses: count))
            }
            return rendered
        }
        return chunks.flatMap { $0 }.sorted { $0.index < $1.index }
    }

    /// Spearman rank correlation of the pictures' sharpness with the physical blur (strongly
    /// negative when the blur metric describes what the pictures show); NaN below 3 frames.
    public static func sharpnessBlurCorrelation(_ frames: [Frame]) -> Double {
        let pairs = frames.compactMap { frame in frame.sharpness.flatMap { sharpness in frame.objectBlur.map { (sharpness, $0) } } }
        return Statistics.spearman(pairs.map(\.0), pairs.map(\.1))
    }

    /// images.csv: frame, image, physical blur, sharpness, poses integrated.
    public static func csv(_ frames: [Frame]) -> CSVWriter {
        CSVWriter(header: ["frame", "image", "blur_obj_mean_px", "sharpness_laplacian_var", "exposure_poses", "jpeg_bytes"], rows: frames) {
            csv, frame in
            csv.integer(frame.index)
            csv.text(frame.name)
            csv.number(frame.objectBlur, decimals: 3)
            csv.number(frame.sharpness, decimals: 2)
            csv.integer(frame.poses)
            csv.integer(frame.jpeg.count)
        }
    }
}
