import Foundation
import Fusion
import OrbitMath
import Testing

@Suite struct GyroscopeBiasKalmanTests {
    static let degree = Double.pi / 180
    /// q for a bias that wanders 0.1 °/s in 100 s.
    static let drift = pow(0.1 * degree, 2) / 100

    static func parameters(restSigma: Double = 0.03 * degree, motionSigma: Double = 0.1 * degree) -> GyroscopeBiasKalman.Parameters {
        GyroscopeBiasKalman.Parameters(
            initialSigma: 0.5 * degree, drift: drift, restNoise: pow(restSigma, 4) / drift, motionNoise: pow(motionSigma, 4) / drift,
            headingNoise: pow(motionSigma, 4) / drift,
            limit: 2 * degree)
    }

    /// Kalman–Bucy for a random walk measured directly: P settles at √(q·r) and the estimate
    /// follows a step with time constant √(r/q). With r = σ⁴/q these are σ and σ²/q: 0.03 °/s
    /// and 9 s for σ_rest = 0.03 °/s, q = (0.1 °/s)²/100 s.
    @Test func restSettlesAtTheConfiguredSigmaAndTimeConstant() {
        var filter = GyroscopeBiasKalman(parameters: Self.parameters())
        let dt = 0.005
        for _ in 0..<(200 * 200) {  // 200 s at rest on a zero bias
            filter.predict(dt: dt)
            filter.updateAtRest(meanRate: .zero, dt: dt)
        }
        for axis in 0..<3 { #expect(abs(filter.sigma[axis] / (0.03 * Self.degree) - 1) < 0.01, "σ \(filter.sigma[axis] / Self.degree) °/s") }
        // A bias of 0.2 °/s appears: after one time constant (σ²/q = 9 s) 1/e of it remains.
        let step = Vector3(0.2, -0.1, 0.05) * Self.degree
        let timeConstant = pow(0.03 * Self.degree, 2) / Self.drift
        #expect(abs(timeConstant - 9) < 1e-9)
        for _ in 0..<Int((timeConstant / dt).rounded()) {
            filter.predict(dt: dt)
            filter.updateAtRest(meanRate: step, dt: dt)
        }
        let remaining = (step - filter.bias).x / step.x
        #expect(abs(remaining - exp(-1)) < 0.02, "remaining fraction \(remaining)")
    }

    /// Motion measures only the two horizontal earth axes: with the body's z axis vertical the
    /// z bias is never touched and its uncertainty stays at the initial one (the cap), while
    /// x and y converge to the motion sigma.
    @Test func verticalComponentIsNotLearnedInMotion() {
        var filter = GyroscopeBiasKalman(parameters: Self.parameters())
        let bias = Vector3(0.3, -0.2, 0.4) * Self.degree
        let dt = 0.01
        for _ in 0..<(100 * 1_000) {
            filter.predict(dt: dt)
            // Residual rate H·(b − b̂) with H = rows x and y of the identity.
            filter.updateInMotion(residualRate: (bias.x - filter.bias.x, bias.y - filter.bias.y), rows: (.unitX, .unitY), dt: dt)
        }
        #expect(abs(filter.bias.x - bias.x) < 1e-3 * Self.degree && abs(filter.bias.y - bias.y) < 1e-3 * Self.degree, "\(filter.bias / Self.degree)")
        #expect(filter.bias.z == 0)
        #expect(abs(filter.sigma.z - 0.5 * Self.degree) < 1e-12)
        #expect(abs(filter.sigma.x / (0.1 * Self.degree) - 1) < 0.01, "σx \(filter.sigma.x / Self.degree)")
    }

    /// The bias covariance decides how much motion counts: after a long rest the estimate is
    /// firm, and a disagreement during motion moves it far less than right after start-up.
    @Test func restMakesTheEstimateFirmAgainstMotion() {
        let dt = 0.005
        var rested = GyroscopeBiasKalman(parameters: Self.parameters())
        for _ in 0..<(30 * 200) {
            rested.predict(dt: dt)
            rested.updateAtRest(meanRate: .zero, dt: dt)
        }
        var fresh = GyroscopeBiasKalman(parameters: Self.parameters())
        let disturbance = 0.5 * Self.degree  // a linear acceleration's apparent tilt rate about x
        for _ in 0..<(10 * 200) {
            rested.predict(dt: dt)
            rested.updateInMotion(residualRate: (disturbance - rested.bias.x, -rested.bias.y), rows: (.unitX, .unitY), dt: dt)
            fresh.predict(dt: dt)
            fresh.updateInMotion(residualRate: (disturbance - fresh.bias.x, -fresh.bias.y), rows: (.unitX, .unitY), dt: dt)
        }
        // 10 s of motion, time constant r/P with r = σ_motion⁴/q = 1 (°/s)²·s: the rested
        // estimate (P ≈ 0.03², growing by q·t) has τ of 500–1100 s and moves by under 2 % of
        // the disagreement; the fresh one (τ = r/P₀ + t = 4 s + t) by 1 − 4/14 ≈ 71 %.
        #expect(rested.bias.x < 0.03 * disturbance, "rested \(rested.bias.x / disturbance)")
        #expect(abs(fresh.bias.x / disturbance - (1 - 4.0 / 14)) < 0.03, "fresh \(fresh.bias.x / disturbance)")
    }

    /// A single wild measurement moves the estimate by at most gain × limit, and the estimate
    /// itself never exceeds the limit.
    @Test func innovationsAndBiasAreClipped() {
        var filter = GyroscopeBiasKalman(parameters: Self.parameters())
        filter.predict(dt: 0.01)
        filter.updateAtRest(meanRate: Vector3(1000, 0, 0), dt: 0.01)
        #expect(filter.bias.x <= 2 * Self.degree + 1e-15 && filter.bias.x > 0)
        for _ in 0..<10_000 {
            filter.predict(dt: 0.01)
            filter.updateAtRest(meanRate: Vector3(1000, 1000, 1000), dt: 0.01)
        }
        #expect(abs(filter.bias.norm - 2 * Self.degree) < 1e-12)
    }

    /// Changing the parameters (e.g. a settings change in the filter) keeps what was learned.
    @Test func parameterChangeKeepsTheEstimate() {
        var filter = GyroscopeBiasKalman(parameters: Self.parameters())
        for _ in 0..<1_000 {
            filter.predict(dt: 0.01)
            filter.updateAtRest(meanRate: Vector3(0.01, 0, 0), dt: 0.01)
        }
        let learned = filter.bias
        filter.parameters = Self.parameters(restSigma: 0.05 * Self.degree)
        #expect(filter.bias == learned)
        filter.reset()
        #expect(filter.bias == .zero && abs(filter.sigma.x - 0.5 * Self.degree) < 1e-15)
    }
}
