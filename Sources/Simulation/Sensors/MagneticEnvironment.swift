import Foundation
import OrbitMath

/// The magnetic field around the phone: the geomagnetic field plus time-windowed disturbances.
public struct MagneticEnvironment: Sendable {
    /// Undisturbed field in the world frame (x north, y west, z up), µT.
    public let earthField: Vector3
    /// The disturbances as simulated for this seed (fields scaled by their drawn strength).
    public let disturbances: [MagneticDisturbance]

    /// A disturbance with a `strengthSpread` draws its strength for this seed from the stream
    /// "environment.disturbances.<index>.strength"; a `declinationErrorSigma` draws the field's
    /// deviation from the nominal declination from "environment.declination_error".
    public init(settings: EnvironmentSettings, seed: UInt64) throws(GSLError) {
        var declinationDegrees = settings.declination
        if settings.declinationErrorSigma > 0 {
            let stream = try RandomStream(seed: seed, source: "environment.declination_error")
            declinationDegrees += stream.gaussian(sigma: settings.declinationErrorSigma)
        }
        let declination = Angles.radians(declinationDegrees), dip = Angles.radians(settings.dip)
        earthField =
            settings.fieldStrength
            * Vector3(cos(dip) * cos(declination), -cos(dip) * sin(declination), -sin(dip))
        var disturbances = settings.disturbances
        for index in disturbances.indices where disturbances[index].strengthSpread != 1 {
            let stream = try RandomStream(seed: seed, source: "environment.disturbances.\(index).strength")
            disturbances[index].field = pow(disturbances[index].strengthSpread, stream.uniform() - 0.5) * disturbances[index].field
        }
        self.disturbances = disturbances
    }

    public var hasDisturbances: Bool { !disturbances.isEmpty }

    /// Direction of magnetic north in the world frame (horizontal unit vector).
    public var magneticNorth: Vector3 { Vector3(earthField.x, earthField.y, 0).normalized ?? .unitX }

    /// The field the phone's magnetometer sees (body frame, before sensor errors), µT.
    public func field(at time: Double, attitude: Quaternion) -> Vector3 {
        var world = earthField
        var body = Vector3.zero
        for disturbance in disturbances {
            let weight = Self.envelope(disturbance, at: time)
            guard weight > 0 else { continue }
            switch disturbance.frame {
            case .world: world += weight * disturbance.field
            case .body: body += weight * disturbance.field
            }
        }
        return attitude.inverseRotate(world) + body
    }

    /// True when any disturbance is active at `time` (weight above 1 %).
    public func isDisturbed(at time: Double) -> Bool {
        disturbances.contains { Self.envelope($0, at: time) > 0.01 }
    }

    /// 0 → 1 over `ramp` before `start`, 1 for `duration`, 1 → 0 over `ramp` after; the ramps
    /// are smootherstep so the field stays C².
    static func envelope(_ disturbance: MagneticDisturbance, at time: Double) -> Double {
        let rampStart = disturbance.start - disturbance.ramp
        let end = disturbance.start + disturbance.duration
        if time <= rampStart || time >= end + disturbance.ramp { return 0 }
        if time >= disturbance.start && time <= end { return 1 }
        let u =
            time < disturbance.start
            ? (time - rampStart) / disturbance.ramp
            : 1 - (time - end) / disturbance.ramp
        return Smootherstep(u).value
    }
}

/// The magnetometer: soft iron, hard iron, white noise, saturation, quantisation.
public struct MagnetometerModel {
    let softIron: Matrix3
    let hardIron: Vector3
    let noise: Double
    let range: Double
    let resolution: Double
    let inverseResolution: Double
    let stream: RandomStream

    /// Noise comes from the stream "<name>.noise", the residual hard iron from
    /// "<name>.residual_hard_iron".
    public init(settings: MagnetometerSettings, seed: UInt64, name: String = "imu.magnetometer") throws(GSLError) {
        softIron = Matrix3(rowMajor: settings.softIron)
        var residual = Vector3.zero
        if settings.residualHardIronSigma > 0 {
            let residualStream = try RandomStream(seed: seed, source: "\(name).residual_hard_iron")
            let sigma = settings.residualHardIronSigma
            residual = Vector3(residualStream.gaussian(sigma: sigma), residualStream.gaussian(sigma: sigma), residualStream.gaussian(sigma: sigma))
        }
        hardIron = settings.hardIron + residual
        noise = settings.noise
        range = settings.range
        resolution = settings.resolution
        inverseResolution = settings.resolution > 0 ? 1 / settings.resolution : 0
        stream = try RandomStream(seed: seed, source: "\(name).noise")
    }

    public func measure(_ field: Vector3) -> Vector3 {
        var reading = softIron * field + hardIron
        if noise > 0 {
            reading += Vector3(stream.gaussian(sigma: noise), stream.gaussian(sigma: noise), stream.gaussian(sigma: noise))
        }
        return SensorOutput.finish(reading, range: range, resolution: resolution, inverseResolution: inverseResolution)
    }
}
