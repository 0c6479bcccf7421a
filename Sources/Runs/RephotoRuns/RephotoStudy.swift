import Fusion
import OrbitMath
import Rephoto
import Scenarios
import Simulation

/// Why a rephoto study could not be evaluated.
public struct RephotoStudyError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Runs one seed of a rephoto scenario: a photographer takes the reference photograph (the
/// app stores the fused attitude q₀), then every simulated user raises their own phone near
/// the spot and follows the app — the real navigation rectangle on their phone's fused
/// attitude, then optionally the overlay — and shoots. Key points are projected through the
/// camera at the true poses and compared as in thesis 6.2. A `FilterVisitor`, so the
/// scenario's filter runs statically dispatched.
public struct RephotoStudy: FilterVisitor {
    public let scenario: Scenario
    public let seed: UInt64

    public init(scenario: Scenario, seed: UInt64) {
        self.scenario = scenario
        self.seed = seed
    }

    public static func run(_ scenario: Scenario, seed: UInt64) throws -> RephotoStudyResult {
        try scenario.fusion.settings.withFilter(scenario.fusion.filter, RephotoStudy(scenario: scenario, seed: seed)).get()
    }

    public func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result<RephotoStudyResult, Error> {
        Result { try execute(filter) }
    }

    private func filterFailure(_ error: any Error, at location: String) -> PluginFailure {
        PluginFailure(error, kind: .filter, name: scenario.fusion.filter.rawValue, scenario: scenario.name, seed: seed, location: location)
    }

    /// A fresh phone session: sensors with their own streams and clock, the app's fusion.
    struct PhoneSession<Filter: AttitudeFilter> {
        var sensors: ImuSensors
        var estimator: DeviceMotionEstimator<Filter>

        /// Reads the sensors for `truth` at `time` and updates the fusion; throws what the filter throws.
        @inline(__always)
        mutating func sense(_ truth: HandState, at time: Double, gridIndex: Int, field: MagneticEnvironment) throws {
            let sample = sensors.read(
                time: time, gridIndex: gridIndex, angularVelocity: truth.angularVelocity, specificForce: truth.specificForce,
                field: { field.field(at: time, attitude: truth.attitude) })
            try estimator.update(
                ImuReading(time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: sample.magnetometer))
        }
    }

    private func session<Filter: AttitudeFilter>(_ filter: Filter, prefix: String, duration: Double) throws -> PhoneSession<Filter> {
        let world = scenario.world
        let imu = world.imu
        let calibration: MagnetometerCalibration = scenario.fusion.magnetometerCalibration == .ideal ? .ideal(for: imu.magnetometer) : .none
        return PhoneSession(
            sensors: try ImuSensors(settings: imu, duration: duration, seed: seed, prefix: "\(prefix).imu"),
            estimator: DeviceMotionEstimator(
                filter: filter, referenceFrame: scenario.fusion.referenceFrame, calibration: calibration,
                declination: Angles.radians(world.environment.declination), gravity: world.environment.gravity))
    }

    private func tremor(prefix: String, duration: Double) throws -> SmoothNoise<Vector3> {
        let user = scenario.rephoto.user
        let stream = try RandomStream(seed: seed, source: "\(prefix).tremor")
        return SmoothNoise(duration: duration + 1, knotSpacing: 1 / (2 * user.tremorBandwidth), rms: Angles.radians(user.tremor)) {
            Vector3(stream.gaussian(), stream.gaussian(), stream.gaussian())
        }
    }

    /// The rotation from the fused reference frame to the world (x true north), if the frame
    /// has an absolute heading.
    private var estimateToWorld: Quaternion? {
        switch scenario.fusion.referenceFrame {
        case .xMagneticNorthZVertical: return Quaternion(about: .z, angle: -Angles.radians(scenario.world.environment.declination))
        case .xTrueNorthZVertical: return .identity
        case .xArbitraryZVertical, .xArbitraryCorrectedZVertical: return nil
        }
    }

    private func execute<Filter: AttitudeFilter>(_ filter: Filter) throws -> RephotoStudyResult {
        let settings = scenario.rephoto
        let world = scenario.world
        let field = try MagneticEnvironment(settings: world.environment, seed: seed)
        let camera = PinholeCamera(settings: world.camera, orientation: settings.reference.deviceOrientation)
        let toWorld = estimateToWorld

        // The reference photograph: held still (with tremor) for `hold`, then taken.
        let referenceHold = settings.reference.hold
        var reference = try session(filter, prefix: "rephoto.reference", duration: referenceHold)
        let referencePhone = HandHeldPhone(
            position: settings.reference.position, attitude: settings.reference.nominalAttitude,
            tremor: try tremor(prefix: "rephoto.reference", duration: referenceHold), gravity: world.environment.gravity)
        var referenceTruth = referencePhone.state(at: 0)
        while let (time, gridIndex) = reference.sensors.nextInstant() {
            referenceTruth = referencePhone.state(at: time)
            do { try reference.sense(referenceTruth, at: time, gridIndex: gridIndex, field: field) } catch {
                throw filterFailure(error, at: "the reference photograph, \(PluginFailure.time(time))")
            }
        }
        guard let storedReference = reference.estimator.motion?.attitude else {
            throw RephotoStudyError(description: "rephoto.reference.hold_s: the fusion did not produce an attitude within \(referenceHold) s")
        }
        let scene = RephotoScene(
            keypoints: settings.keypoints, camera: camera, referencePosition: settings.reference.position,
            referenceAttitude: referenceTruth.attitude)
        let referenceError =
            toWorld.map { AttitudeError(estimate: $0 * storedReference, truth: referenceTruth.attitude) }
            ?? AttitudeError(estimate: storedReference, truth: referenceTruth.attitude)
        let referenceHeading = toWorld.map { AttitudeError.signedHeading(estimate: $0 * storedReference, truth: referenceTruth.attitude) }

        var fusionErrors = AttitudeErrorAccumulator()
        let users = try (1...settings.users).map { user in
            try retake(filter, user: user, scene: scene, storedReference: storedReference, field: field, toWorld: toWorld, errors: &fusionErrors)
        }
        let referencePoints = scene.referenceImage.map { NormalizedPoint(x: $0.x, y: $0.y) }
        return RephotoStudyResult(
            seed: seed, keypointNames: scene.names, reference: referencePoints,
            referenceAttitudeErrorDegrees: Angles.degrees(referenceError.total),
            referenceHeadingErrorDegrees: referenceHeading.map(Angles.degrees),
            users: users, table: KeypointErrorTable(distances: users.compactMap(\.distances)),
            attitudeRMSE: toWorld == nil ? nil : fusionErrors.rmse)
    }

    /// One person's retake.
    private func retake<Filter: AttitudeFilter>(
        _ filter: Filter, user: Int, scene: RephotoScene, storedReference: Quaternion, field: MagneticEnvironment,
        toWorld: Quaternion?, errors: inout AttitudeErrorAccumulator
    ) throws -> RephotoUserRecord {
        let settings = scenario.rephoto
        let person = settings.user
        let world = scenario.world
        let prefix = "rephoto.user\(user)"
        let draws = try RandomStream(seed: seed, source: "\(prefix).person")
        let standingOffset = Vector3(
            draws.gaussian(sigma: person.positionError), draws.gaussian(sigma: person.positionError),
            draws.gaussian(sigma: person.heightError))
        let pointing = Vector3(
            draws.gaussian(sigma: Angles.radians(person.pointingError)), draws.gaussian(sigma: Angles.radians(person.pointingError)),
            draws.gaussian(sigma: Angles.radians(person.pointingError)))
        let levelTarget = draws.gaussian(sigma: Angles.radians(person.levelError))

        var phone = HandHeldPhone(
            position: scene.referencePosition + standingOffset, attitude: scene.referenceAttitude * Quaternion(rotationVector: pointing),
            tremor: try tremor(prefix: prefix, duration: person.maxTime), gravity: world.environment.gravity)
        var app = try session(filter, prefix: prefix, duration: person.maxTime)
        let rectangle = NavigationRectangle(width: settings.viewWidth, height: settings.viewHeight)
        var model = RephotoUserModel(
            settings: person, guidance: settings.guidance,
            geometry: RephotoDisplayGeometry(viewWidth: settings.viewWidth, viewHeight: settings.viewHeight, camera: scene.camera),
            levelTarget: levelTarget, sampleRate: world.imu.rate)

        var shot: (time: Double, truth: HandState, rectangle: (x: Double, y: Double)?, estimate: Quaternion?)?
        var last: (time: Double, truth: HandState, rectangle: (x: Double, y: Double)?, estimate: Quaternion?)?
        while let (time, gridIndex) = app.sensors.nextInstant() {
            let truth = phone.state(at: time)
            do { try app.sense(truth, at: time, gridIndex: gridIndex, field: field) } catch {
                throw filterFailure(error, at: "user \(user), \(PluginFailure.time(time))")
            }
            let estimate = app.estimator.motion?.attitude
            var offset: (x: Double, y: Double)?
            if let estimate {
                let position = rectangle.guidance(reference: storedReference, current: estimate)
                offset = (position.x - settings.viewWidth / 2, position.y - settings.viewHeight / 2)
                if let toWorld { errors.add(AttitudeError(estimate: toWorld * estimate, truth: truth.attitude)) }
            }
            let rotation = RelativeAttitude.delta(reference: scene.referenceAttitude, current: truth.attitude).coreMotionAngles.yaw
            model.observe(
                RephotoView(
                    rectangle: offset, overlayShift: scene.overlayShift(position: phone.position, attitude: truth.attitude), rotation: rotation),
                at: time)
            last = (time, truth, offset, estimate)
            let decision = model.decide(at: time)
            if decision.shoot {
                shot = last
                break
            }
            phone.command(decision.rate, at: time)
        }
        guard let taken = shot ?? last else {
            throw RephotoStudyError(description: "rephoto.user.max_time_s: no IMU sample in \(person.maxTime) s")
        }

        var keypoints: [NormalizedPoint]? = []
        for index in scene.points.indices {
            guard let point = scene.imagePoint(index, position: phone.position, attitude: taken.truth.attitude) else {
                keypoints = nil
                break
            }
            keypoints?.append(NormalizedPoint(x: point.x, y: point.y))
        }
        let reference = scene.referenceImage.map { NormalizedPoint(x: $0.x, y: $0.y) }
        let delta = RelativeAttitude.delta(reference: scene.referenceAttitude, current: taken.truth.attitude)
        let angles = NavigationAngles(delta)
        return RephotoUserRecord(
            user: user, standingOffset: standingOffset, timeToShoot: taken.time, outcome: model.outcome ?? .timeout,
            trueRollDegrees: Angles.degrees(angles.roll), truePitchDegrees: Angles.degrees(angles.pitch),
            trueRotationDegrees: Angles.degrees(delta.coreMotionAngles.yaw), rectangleOffset: taken.rectangle,
            headingErrorDegrees: toWorld.flatMap { rotation in
                taken.estimate.map { Angles.degrees(AttitudeError.signedHeading(estimate: rotation * $0, truth: taken.truth.attitude)) }
            },
            keypoints: keypoints, distances: keypoints.map { zip(reference, $0).map { $0.distance(to: $1) } })
    }
}
