import Foundation
import OrbitMath

/// The camera frame that looks along a direction with the image upright, and its rate.
enum AimFrame {
    /// Body axes (portrait: x right, y up, z towards the user, camera along −z) for an optical
    /// axis `direction` (unit) changing at `directionRate`, with zero roll about the optical
    /// axis, and the body angular velocity that turns them (rad/s).
    ///
    /// Derivation: z = −d; y = w/|w| with w = ẑ − d_z·d (world up made perpendicular to d);
    /// x = y × z. With R = [x y z], Rᵀ·Ṙ = [ω]×, so ω = (z·ẏ, x·ż, y·ẋ). Undefined when the
    /// camera looks straight up or down (|d_z| → 1); scenario validation keeps it away.
    @inline(__always)
    static func portrait(direction d: Vector3, directionRate dRate: Vector3) -> (axes: RotationMatrix, angularVelocity: Vector3) {
        let zAxis = -d
        let zRate = -dRate
        let w = Vector3(-d.z * d.x, -d.z * d.y, 1 - d.z * d.z)
        let wRate = -(dRate.z * d + d.z * dRate)
        let inverseLength = 1 / w.norm
        let yAxis = inverseLength * w
        let yRate = inverseLength * (wRate - yAxis.dot(wRate) * yAxis)
        let xAxis = yAxis.cross(zAxis)
        let xRate = yRate.cross(zAxis) + yAxis.cross(zRate)
        let omega = Vector3(zAxis.dot(yRate), xAxis.dot(zRate), yAxis.dot(xRate))
        return (RotationMatrix(columns: xAxis, yAxis, zAxis), omega)
    }

    /// The portrait frame turned about the optical axis into the device orientation, done by
    /// relabelling axes (no arithmetic): landscape right puts the phone's top to the user's left
    /// (device x = portrait y, device y = −portrait x), landscape left the other way round.
    /// Angular velocity components are relabelled the same way.
    @inline(__always)
    static func device(
        _ portrait: (axes: RotationMatrix, angularVelocity: Vector3), orientation: DeviceOrientation
    ) -> (axes: RotationMatrix, angularVelocity: Vector3) {
        let x = portrait.axes.column(0), y = portrait.axes.column(1), z = portrait.axes.column(2)
        let w = portrait.angularVelocity
        switch orientation {
        case .portrait:
            return portrait
        case .landscapeRight:
            return (RotationMatrix(columns: y, -x, z), Vector3(w.y, -w.x, w.z))
        case .landscapeLeft:
            return (RotationMatrix(columns: -y, x, z), Vector3(-w.y, w.x, w.z))
        }
    }

    /// Right Jacobian of SO(3) applied to a vector: J_r(r)·v, with
    /// J_r = I − (1 − cos θ)/θ²·[r]× + (θ − sin θ)/θ³·[r]×². For R(t) = Exp(r(t)),
    /// Rᵀ·Ṙ = [J_r(r)·ṙ]×. Below 0.2 rad both coefficients come from their Taylor series
    /// (truncation error below 1e-16).
    @inline(__always)
    static func rightJacobian(_ r: Vector3, times v: Vector3) -> Vector3 {
        let t2 = r.normSquared
        let a: Double, b: Double
        if t2 < 0.04 {
            // (1 − cos θ)/θ² = Σ (−1)ᵏθ²ᵏ/(2k+2)!, (θ − sin θ)/θ³ = Σ (−1)ᵏθ²ᵏ/(2k+3)! (Horner).
            a = 0.5 + t2 * (-0.041666666666666664 + t2 * (0.001388888888888889 + t2 * (-2.48015873015873e-05 + t2 * (2.755731922398589e-07))))
            b =
                0.16666666666666666 + t2
                * (-0.008333333333333333 + t2 * (0.0001984126984126984 + t2 * (-2.7557319223985893e-06 + t2 * (2.505210838544172e-08))))
        } else {
            let theta = t2.squareRoot()
            a = (1 - cos(theta)) / t2
            b = (theta - sin(theta)) / (t2 * theta)
        }
        let rv = r.cross(v)
        return v - a * rv + b * r.cross(rv)
    }
}
