import Fusion
import OrbitMath
import Simulation

/// The outcome of one filter on one recording.
public struct FilterRunResult: Sendable {
    public var filter: FilterName
    /// Whether the magnetometer was used (9D) or not (6D).
    public var usesMagnetometer: Bool
    public var rmse: AttitudeRMSE
    /// RMS of ‖estimated − true gyroscope bias‖ over the evaluated samples, °/s.
    public var biasErrorDegreesPerSecond: Double?
    /// CPU time per filter update, ns (a measurement: varies between runs).
    public var nanosecondsPerUpdate: Double
    public var diagnostics: FilterDiagnostics
    /// Sample times, s, and per-sample errors, rad (for plots).
    public var times: [Double]
    public var errors: [AttitudeError]
    /// Per sample, whether the RMSE counts it (`FusionInput.evaluated`: the walk of a
    /// simulation, a recording's movement samples that have a reference attitude).
    public var evaluated: [Bool]
    /// The heading offset removed before comparison (6D only), rad.
    public var removedHeadingOffset: Double?
    /// Per-sample estimates, bias and flags, when the runner was asked to keep them.
    public var trace: FilterTrace?

    /// Name as it appears in reports: "madgwick", or "madgwick-6d" without magnetometer.
    public var label: String { usesMagnetometer ? filter.rawValue : "\(filter.rawValue)-6d" }
}

/// One recording prepared for filters: readings, truth and which samples count.
public struct FusionInput: Sendable {
    public var readings: [ImuReading]
    public var truths: [Quaternion]
    /// True gyroscope bias at each sample, rad/s, when known.
    public var trueBias: [Vector3]?
    /// Samples that count for the metrics (BROAD's "movement").
    public var evaluated: [Bool]
    /// Body → earth truth is in this frame; 9D estimates are turned from the filter's NWU
    /// magnetic frame into it by `magneticToTruth` (e.g. declination, or NWU → ENU).
    public var magneticToTruth: Quaternion
    public var calibration: MagnetometerCalibration
    /// Samples that have a reference attitude (real recordings lose it at times); all when nil.
    /// Where it is false `truths` holds a placeholder and per-sample errors are NaN.
    public var hasTruth: [Bool]? = nil

    public init(
        readings: [ImuReading], truths: [Quaternion], trueBias: [Vector3]?, evaluated: [Bool], magneticToTruth: Quaternion,
        calibration: MagnetometerCalibration
    ) {
        self.readings = readings
        self.truths = truths
        self.trueBias = trueBias
        self.evaluated = evaluated
        self.magneticToTruth = magneticToTruth
        self.calibration = calibration
    }
}

extension FusionInput {
    /// A simulated run: truth is in the world frame (x true north), so 9D estimates are turned
    /// by the declination; the moving phase is the walk between lead-in and lead-out; the
    /// magnetometer is calibrated with the exact inverse of the simulated hard and soft iron
    /// (the phone's own calibration) unless `calibrate` is false.
    public init(run: SimulatedRun, calibrate: Bool) {
        readings = run.imu.map {
            ImuReading(time: $0.time, gyroscope: $0.gyroscope, accelerometer: $0.accelerometer, magnetometer: $0.magnetometer)
        }
        truths = run.imuTruth.map(\.attitude)
        trueBias = run.imuTruth.map(\.gyroscopeBias)
        let walk = run.trajectory.evaluatedPhase
        evaluated = run.imu.map { walk.contains($0.time) }
        magneticToTruth = Self.magneticToTruth(of: run.world)
        calibration = calibrate ? .ideal(for: run.world.imu.magnetometer) : .none
    }

    /// The turn from the filters' magnetic frame into a simulated world's truth frame (x true
    /// north): the declination.
    public static func magneticToTruth(of world: WorldSettings) -> Quaternion {
        Quaternion(about: .z, angle: -Angles.radians(world.environment.declination))
    }
}

extension MagnetometerCalibration {
    /// The phone's own calibration, perfect: the exact inverse of the simulated hard and soft
    /// iron (none if the soft-iron matrix is singular).
    public static func ideal(for magnetometer: MagnetometerSettings) -> MagnetometerCalibration {
        guard let softInverse = Matrix3(rowMajor: magnetometer.softIron).inverse else { return .none }
        return MagnetometerCalibration(offset: magnetometer.hardIron, matrix: softInverse)
    }
}

extension FusionInput {
    /// Estimates turned so they can be compared with `truths`: 9D ones into the truth's frame
    /// (`magneticToTruth`); 6D ones, whose heading is arbitrary, by the heading offset that
    /// best aligns the first `headingAlignmentWindow` seconds of evaluated samples (BROAD's
    /// 6D convention). Returns the offset removed (6D), rad.
    public func comparable(
        _ estimates: [Quaternion], useMagnetometer: Bool, headingAlignmentWindow: Double = 1.0
    ) -> (estimates: [Quaternion], removedHeadingOffset: Double?) {
        if useMagnetometer { return (estimates.map { magneticToTruth * $0 }, nil) }
        let first = evaluated.firstIndex(of: true) ?? 0
        guard first < readings.count else { return (estimates, nil) }
        let firstTime = readings[first].time
        var end = first
        while end < readings.count && readings[end].time < firstTime + headingAlignmentWindow { end += 1 }
        let offset = HeadingAlignment.offset(estimates: estimates, truths: truths, indices: first..<max(end, first + 1))
        return (HeadingAlignment.remove(offset, from: estimates), offset)
    }

    /// BROAD's total, heading and inclination RMSE of `estimates` over the evaluated samples.
    public func rmse(_ estimates: [Quaternion], useMagnetometer: Bool) -> AttitudeRMSE {
        var stream = AttitudeRMSEStream(magneticToTruth: magneticToTruth, useMagnetometer: useMagnetometer)
        for index in estimates.indices {
            stream.add(time: readings[index].time, estimate: estimates[index], truth: truths[index], evaluated: evaluated[index])
        }
        return stream.finish()
    }
}

/// Runs one filter over a `FusionInput` (a `FilterVisitor`, so the loop is statically typed).
public struct FilterRunner: FilterVisitor {
    public let input: FusionInput
    public let kind: FilterName
    public let useMagnetometer: Bool
    /// Samples at the start used to estimate the 6D heading offset, s.
    public let headingAlignmentWindow: Double
    /// Keep every sample's estimate, bias and flags (`FilterRunResult.trace`).
    public let keepTrace: Bool
    /// What ran, for the message of a filter that fails: scenario or recording, and seed.
    public let run: (name: String?, seed: UInt64?)

    public init(
        input: FusionInput, kind: FilterName, useMagnetometer: Bool, headingAlignmentWindow: Double = 1.0, keepTrace: Bool = false,
        run: (name: String?, seed: UInt64?) = (nil, nil)
    ) {
        self.input = input
        self.kind = kind
        self.useMagnetometer = useMagnetometer
        self.headingAlignmentWindow = headingAlignmentWindow
        self.keepTrace = keepTrace
        self.run = run
    }

    /// `@inlinable`, so each filter gets its own compiled loop in the module that runs it: as
    /// generic code every update went through witness tables, 1.4–1.8× the cost of the same
    /// update in `bench`.
    ///
    /// A filter that throws or breaks its contract gives `PluginFailure` instead of a result.
    @inlinable
    public func visit<Filter: AttitudeFilter>(_ fresh: Filter) -> Result<FilterRunResult, PluginFailure> {
        var filter = fresh
        do {
            let pass = try FilterPass(
                running: &filter, over: input.readings, useMagnetometer: useMagnetometer, calibration: input.calibration, keepTrace: keepTrace)
            return .success(result(of: pass, diagnostics: filter.diagnostics))
        } catch {
            return .failure(failure(error))
        }
    }

    @usableFromInline
    func failure(_ failure: FilterPass.Failure) -> PluginFailure {
        PluginFailure(
            failure.error, kind: .filter, name: kind.rawValue, scenario: run.name, seed: run.seed, location: PluginFailure.time(failure.time))
    }

    /// The metrics of a pass, which depend on the filter only through its outputs.
    @usableFromInline
    func result(of pass: FilterPass, diagnostics: FilterDiagnostics) -> FilterRunResult {
        let estimates = pass.estimates, biases = pass.biases, count = input.readings.count
        let (comparable, removedOffset) = input.comparable(
            estimates, useMagnetometer: useMagnetometer, headingAlignmentWindow: headingAlignmentWindow)
        let evaluated = input.evaluated
        let rmse = AttitudeRMSE(estimates: comparable, truths: input.truths) { evaluated[$0] }
        var biasError: Double?
        if let trueBias = input.trueBias {
            var sum = 0.0, n = 0
            for index in 0..<count where evaluated[index] {
                sum += (biases[index] - trueBias[index]).normSquared
                n += 1
            }
            biasError = n > 0 ? Angles.degrees((sum / Double(n)).squareRoot()) : nil
        }
        var errors = zip(comparable, input.truths).map { AttitudeError(estimate: $0, truth: $1) }
        if let hasTruth = input.hasTruth {
            for index in errors.indices where !hasTruth[index] { errors[index] = AttitudeError.unavailable }
        }
        return FilterRunResult(
            filter: kind, usesMagnetometer: useMagnetometer, rmse: rmse, biasErrorDegreesPerSecond: biasError,
            nanosecondsPerUpdate: pass.elapsed / Double(max(1, count)) * 1e9, diagnostics: diagnostics,
            times: input.readings.map(\.time), errors: errors, evaluated: evaluated, removedHeadingOffset: removedOffset,
            trace: keepTrace ? FilterTrace(estimates: estimates, biases: biases, flags: pass.flags) : nil)
    }
}
