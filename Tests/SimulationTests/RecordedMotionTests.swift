import Foundation
import OrbitMath
import Simulation
import Testing

/// The twin's motion: smoothing splines of recorded poses and the IMU signals derived from them,
/// against analytic truths.
@Suite struct RecordedMotionTests {
    /// A cubic lies in the spline's space: without a penalty the fit reproduces it and its
    /// derivatives (to rounding), also with samples missing.
    @Test func splineReproducesACubicThroughMissingSamples() throws {
        let times = (0...400).map { Double($0) / 200 }
        func cubic(_ t: Double) -> (Double, Double, Double) { (1 + 2 * t - 0.5 * t * t + 0.3 * t * t * t, 2 - t + 0.9 * t * t, -1 + 1.8 * t) }
        // Every third sample and a 0.2 s stretch missing.
        let values = times.enumerated().map { index, t in index % 3 == 1 || (0.9...1.1).contains(t) ? .nan : cubic(t).0 }
        let spline = try SmoothingSpline(times: times, values: values, knotSpacing: 0.1, penalty: 0)
        for t in stride(from: 0.0, through: 2.0, by: 0.0173) {
            let fitted = spline.evaluate(t), exact = cubic(t)
            #expect(abs(fitted.value - exact.0) < 1e-9, "value at \(t)")
            #expect(abs(fitted.rate - exact.1) < 1e-8, "rate at \(t)")
            #expect(abs(fitted.acceleration - exact.2) < 1e-7, "acceleration at \(t)")
        }
    }

    @Test func tooFewValuesAreAnError() {
        #expect(throws: GSLError.self) { try SmoothingSpline(times: [0, 1, 2], values: [.nan, 1, .nan], knotSpacing: 0.1, penalty: 0) }
    }

    /// The simulator's default walk sampled at 200 Hz as a motion-capture system would record it
    /// (poses only, 1 mm and 0.05° of noise), fitted with the default smoothing: the angular
    /// velocity and specific force derived from the fit against the trajectory's analytic ones.
    /// Tolerances: RMS 0.03 rad/s (1.7 °/s) and 0.25 m/s² over the walk with noise; 0.01 rad/s
    /// and 0.15 m/s² without (the 0.1 s position knots smooth the fastest of the step bob).
    @Test(arguments: [(0.0, 0.0, 0.01, 0.15), (0.001, 0.05, 0.03, 0.25)])
    func angularVelocityAndSpecificForceOfAFittedWalk(
        positionNoise: Double, attitudeNoiseDegrees: Double, rateTolerance: Double, forceTolerance: Double
    ) throws {
        let world = WorldSettings()
        let trajectory = try Trajectory(world: world, seed: 1)
        let noise = try RandomStream(seed: 1, source: "test.mocap")
        let times = stride(from: 0.0, through: trajectory.duration, by: 1.0 / 200).map { $0 }
        let states = times.map { trajectory.state(at: $0) }
        let attitudes: [Quaternion?] = states.map { state in
            let tilt = Vector3(noise.gaussian(sigma: 1), noise.gaussian(sigma: 1), noise.gaussian(sigma: 1))
            return state.attitude * Quaternion(rotationVector: Angles.radians(attitudeNoiseDegrees) * tilt)
        }
        let positions: [Vector3?] = states.map { $0.position + positionNoise * Vector3(noise.gaussian(), noise.gaussian(), noise.gaussian()) }
        let motion = try RecordedMotion(times: times, attitudes: attitudes, positions: positions, gravity: world.environment.gravity)
        var rateSquares = 0.0, forceSquares = 0.0, count = 0.0, largestRate = 0.0
        for (time, truth) in zip(times, states) where time > 1 && time < trajectory.duration - 1 {
            let fitted = motion.state(at: time)
            rateSquares += (fitted.angularVelocity - truth.angularVelocity).normSquared
            forceSquares += (fitted.specificForce - truth.specificForce).normSquared
            largestRate = max(largestRate, truth.angularVelocity.norm)
            count += 1
        }
        let rateRMS = (rateSquares / count).squareRoot(), forceRMS = (forceSquares / count).squareRoot()
        #expect(largestRate > 0.2, "the walk turns")
        #expect(rateRMS < rateTolerance, "angular velocity RMS error \(rateRMS) rad/s")
        #expect(forceRMS < forceTolerance, "specific force RMS error \(forceRMS) m/s²")
        #expect(motion.unbridged.isEmpty && motion.bridgedGaps == 0)
    }

    /// A short gap is bridged; a long one is reported and nothing in it is called measured.
    @Test func gapsFollowTheRule() throws {
        let times = (0...2000).map { Double($0) / 200 }
        let attitudes: [Quaternion?] = times.map { t in
            (2...2.1).contains(t) || (5...6).contains(t) ? nil : Quaternion(about: .z, angle: 0.5 * t)
        }
        let motion = try RecordedMotion(times: times, attitudes: attitudes, positions: nil, gravity: 9.81)
        #expect(motion.bridgedGaps == 1)
        #expect(motion.unbridged.count == 1)
        #expect(!motion.isMeasured(at: 5.5) && motion.isMeasured(at: 2.05) && motion.isMeasured(at: 8))
        // Through the bridged gap the rotation rate stays the recorded 0.5 rad/s about z.
        #expect(abs(motion.state(at: 2.05).angularVelocity.z - 0.5) < 1e-3)
        #expect(abs(motion.state(at: 2.05).specificForce.z - 9.81) < 1e-9)
    }
}
