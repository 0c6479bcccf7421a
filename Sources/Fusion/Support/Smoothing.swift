import Foundation
import OrbitMath

/// First-order low-pass blending factor for an irregular step: α = 1 − e^(−dt/τ).
/// Steps usually repeat the same dt, so the exponential is recomputed only when dt changes
/// by more than a part in 10⁹.
struct SmoothingFactor: Sendable, Equatable {
    let timeConstant: Double
    private var lastStep = -1.0
    private(set) var alpha = 1.0

    init(timeConstant: Double) {
        self.timeConstant = timeConstant
    }

    @inline(__always)
    mutating func update(dt: Double) -> Double {
        if abs(dt - lastStep) > 1e-9 * dt {
            lastStep = dt
            alpha = timeConstant > 0 ? 1 - exp(-dt / timeConstant) : 1
        }
        return alpha
    }
}

/// A critically damped second-order low-pass (two equal first-order stages) of a vector.
struct VectorLowPass: Sendable, Equatable {
    private(set) var first = Vector3.zero
    private(set) var output = Vector3.zero

    mutating func reset(to value: Vector3) {
        first = value
        output = value
    }

    @inline(__always)
    mutating func update(_ value: Vector3, alpha: Double) -> Vector3 {
        first += alpha * (value - first)
        output += alpha * (first - output)
        return output
    }
}
