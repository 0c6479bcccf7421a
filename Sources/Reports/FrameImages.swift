import Foundation
import Rendering
import ReportIO
import Runs
import Scenarios
import Simulation

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
        let world = scenario.world
        let trajectory = try Trajectory(world: world, seed: result.seed)
        let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        let selected = Set(result.slots.compactMap { $0.entry?.frameIndex })
        let frames = result.frames.filter { settings.allFrames || selected.contains($0.index) }.sorted { $0.index < $1.index }
        guard !frames.isEmpty else { return [] }
        let scene = RenderScene(object: world.object)
        let scale = Double(settings.width) / camera.width
        let workers = min(Parallel.workerLimit, frames.count)
        let seed = result.seed
        let chunks = try Parallel.map(workers) { worker -> [Frame] in
            let renderer = try FrameRenderer(camera: camera, scene: scene, width: settings.width, noiseSigma: settings.noiseSigma, seed: seed)
            var image = RGBImage(width: renderer.width, height: renderer.height)
            var rendered: [Frame] = []
            for position in Swift.stride(from: worker, to: frames.count, by: workers) {
                let frame = frames[position]
                let count = ExposurePoses.count(forBlur: (frame.objectBlurMax ?? frame.blur ?? 0) * scale)
                let poses = ExposurePoses.sample(trajectory, start: frame.captureTime, exposure: frame.exposure, count: count)
                try poses.withUnsafeBufferPointer { try renderer.render(poses: $0, frameIndex: frame.index, into: &image) }
                let middle = CameraPose(trajectory.state(at: frame.captureTime + frame.exposure / 2))
                let region = ImageSharpness.objectRegion(
                    camera: camera, object: world.object, pose: middle, scale: scale, width: renderer.width, height: renderer.height)
                rendered.append(
                    Frame(
                        index: frame.index, name: CaptureSessionLog.imageName(frame.index),
                        jpeg: try JPEGImage.encode(image, quality: settings.quality),
                        sharpness: region.flatMap { ImageSharpness.laplacianVariance(image, region: $0) }, objectBlur: frame.objectBlurMean,
                        poses: count))
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
        var csv = CSVWriter(header: ["frame", "image", "blur_obj_mean_px", "sharpness_laplacian_var", "exposure_poses", "jpeg_bytes"])
        for frame in frames {
            csv.integer(frame.index)
            csv.text(frame.name)
            csv.number(frame.objectBlur, decimals: 3)
            csv.number(frame.sharpness, decimals: 2)
            csv.integer(frame.poses)
            csv.integer(frame.jpeg.count)
            csv.endRow()
        }
        return csv
    }
}
