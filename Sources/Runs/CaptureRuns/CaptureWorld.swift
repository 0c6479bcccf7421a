import OrbitMath
import Simulation

/// A simulated world with what its frames truly were (pose, blur, rotation rate at
/// mid-exposure): everything of a capture run that does not depend on the app. Sweeps and
/// tuning over selection, fusion or queue keys build it once per seed and rerun only the app
/// on it (`CaptureRunner.run(_:world:)`), which skips the simulation and the blur geometry.
public struct CaptureWorld: Sendable {
    public let run: SimulatedRun
    /// One per frame of `run.frames`, in order.
    public let frameTruths: [FrameTruth]

    public init(run: SimulatedRun) {
        self.run = run
        frameTruths = Self.frameTruths(of: run)
    }

    /// Each frame's truth at mid-exposure and its physical blur over the exposure.
    static func frameTruths(of run: SimulatedRun) -> [FrameTruth] {
        let meter = FrameTruthMeter(world: run.world, trajectory: run.trajectory)
        return run.frames.map(meter.truth)
    }
}

/// Measures what a frame truly was: the pose at mid-exposure and the physical blur over the
/// exposure (`ExposureBlurMeter`).
struct FrameTruthMeter {
    let trajectory: Trajectory
    let camera: PinholeCamera
    let blurMeter: ExposureBlurMeter
    let center: Vector3

    init(world: WorldSettings, trajectory: Trajectory) {
        self.trajectory = trajectory
        camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        blurMeter = ExposureBlurMeter(camera: camera, object: world.object)
        center = world.object.center
    }

    func truth(of frame: CameraFrame) -> FrameTruth {
        let (blur, mid) = blurMeter.measureWithMidpoint(trajectory: trajectory, start: frame.captureTime, exposure: frame.exposure)
        return FrameTruth(
            pose: TruthPose(attitude: mid.attitude, azimuth: mid.azimuth), midpoint: frame.exposureMidpoint,
            blur: blur.center, objectBlurMean: blur.objectMean, objectBlurMax: blur.objectMax,
            rotationRate: Angles.degrees(mid.angularVelocity.norm), cameraHeight: mid.position.z,
            objectOffset: camera.project(center, position: mid.position, attitude: mid.attitude).map { $0.v - camera.height / 2 })
    }
}
