import Foundation
import OrbitMath

/// One three-axis inertial sensor with its error processes:
///
///     y = clamp(quantise(M·(1 + s)⊙x + G·f + b₀ + b_turn-on + b_walk(t) + b_GM(t) + n))
///
/// with M the misalignment matrix, s the scale errors, G the g-sensitivity to the specific
/// force f (a gyroscope's), b₀ the constant bias, a turn-on bias drawn once, a random-walk
/// bias, a first-order Gauss–Markov bias and white noise n.
/// Coefficients are derived once from the settings; `measure` only advances the bias
/// processes and draws noise. Each error source has its own random stream, so changing one
/// parameter never changes the numbers another source draws.
///
/// The two bias processes are drawn exactly (in distribution) on a grid of
/// `biasKnotInterval` and interpolated linearly between knots. Their spectra fall as 1/f²
/// or faster, so at the 10 Hz knot rate they are orders of magnitude below the white noise;
/// drawing them at every sample would triple the cost of the sensor for no visible effect.
public struct InertialSensorModel {
    // Derived coefficients (SI units of the sensor).
    let gain: Matrix3
    /// Reading per m/s² of specific force, model units; nil when the settings have none.
    let gSensitivity: Matrix3?
    let fixedBias: Vector3
    let whiteSigma: Double
    let randomWalk: Double
    let markovSigma: Double
    let range: Double
    let resolution: Double
    let inverseResolution: Double

    /// Spacing of the bias-process knots, s.
    public static let biasKnotInterval = 0.1

    // State: the bias processes at the last and next knot, and where we are between them.
    private var previousKnot = (walk: Vector3.zero, markov: Vector3.zero)
    private var nextKnot = (walk: Vector3.zero, markov: Vector3.zero)
    private var sinceKnot = 0.0
    /// Bias-process value at the current instant.
    public private(set) var walkBias = Vector3.zero
    public private(set) var markovBias = Vector3.zero
    private let markovDecay: Double
    private let markovDrive: Double

    let noiseStream: RandomStream
    let walkStream: RandomStream
    let markovStream: RandomStream

    /// `unitScale` converts the settings' unit into the model's (π/180 for a gyroscope given
    /// in °/s, 1 for an accelerometer already in m/s²). `nominalRate` (Hz) is the sensor's
    /// internal output rate, which sets the per-sample white-noise σ = N·√rate. Streams are
    /// named "<name>.noise", "<name>.turn_on_bias", "<name>.bias_random_walk",
    /// "<name>.bias_instability".
    public init(settings: InertialSensorSettings, unitScale: Double, nominalRate: Double, seed: UInt64, name: String) throws(GSLError) {
        let m = settings.misalignment.map(Angles.radians)
        let misalignment = Matrix3(rows: Vector3(1, m[0], m[1]), Vector3(m[2], 1, m[3]), Vector3(m[4], m[5], 1))
        let scale = Vector3(1, 1, 1) + 1e-6 * settings.scaleErrorPPM
        gain = Matrix3(
            rows: misalignment.row0.scaled(by: scale), misalignment.row1.scaled(by: scale),
            misalignment.row2.scaled(by: scale))
        let g = settings.gSensitivity.map { $0 * unitScale / Units.standardGravity }
        gSensitivity = g.allSatisfy { $0 == 0 } ? nil : Matrix3(rowMajor: g)
        let turnOnStream = try RandomStream(seed: seed, source: "\(name).turn_on_bias")
        let turnOnSigma = settings.turnOnBiasSigma * unitScale
        let turnOn =
            turnOnSigma > 0
            ? Vector3(turnOnStream.gaussian(sigma: turnOnSigma), turnOnStream.gaussian(sigma: turnOnSigma), turnOnStream.gaussian(sigma: turnOnSigma))
            : .zero
        fixedBias = unitScale * settings.bias + turnOn
        whiteSigma = settings.noiseDensity * unitScale * nominalRate.squareRoot()
        randomWalk = settings.randomWalk * unitScale
        markovSigma = settings.biasInstability * unitScale
        range = settings.range * unitScale
        resolution = settings.resolution * unitScale
        inverseResolution = resolution > 0 ? 1 / resolution : 0
        noiseStream = try RandomStream(seed: seed, source: "\(name).noise")
        walkStream = try RandomStream(seed: seed, source: "\(name).bias_random_walk")
        markovStream = try RandomStream(seed: seed, source: "\(name).bias_instability")
        markovDecay = exp(-Self.biasKnotInterval / settings.biasCorrelationTime)
        markovDrive = markovSigma * (1 - markovDecay * markovDecay).squareRoot()
        if markovSigma > 0 {
            // Start the Gauss–Markov bias in its stationary distribution.
            markovBias = Vector3(
                markovStream.gaussian(sigma: markovSigma), markovStream.gaussian(sigma: markovSigma), markovStream.gaussian(sigma: markovSigma))
        }
        previousKnot = (.zero, markovBias)
        nextKnot = drawKnot(after: previousKnot)
    }

    /// The bias processes one knot interval after `knot`.
    private func drawKnot(after knot: (walk: Vector3, markov: Vector3)) -> (walk: Vector3, markov: Vector3) {
        var next = knot
        if randomWalk > 0 {
            let step = randomWalk * Self.biasKnotInterval.squareRoot()
            next.walk += Vector3(walkStream.gaussian(sigma: step), walkStream.gaussian(sigma: step), walkStream.gaussian(sigma: step))
        }
        if markovSigma > 0 {
            next.markov =
                markovDecay * knot.markov
                + Vector3(
                    markovStream.gaussian(sigma: markovDrive), markovStream.gaussian(sigma: markovDrive), markovStream.gaussian(sigma: markovDrive))
        }
        return next
    }

    /// The bias the sensor adds right now (without noise), in model units.
    public var bias: Vector3 { fixedBias + walkBias + markovBias }

    /// Advances the bias processes by `dt` seconds and returns the reading of `truth` (a sensor
    /// without g-sensitivity, or under no specific force).
    public mutating func measure(_ truth: Vector3, dt: Double) -> Vector3 { measure(truth, dt: dt, specificForce: .zero) }

    /// Advances the bias processes by `dt` seconds and returns the reading of `truth` under
    /// `specificForce` (m/s², body frame; read through the g-sensitivity only).
    public mutating func measure(_ truth: Vector3, dt: Double, specificForce: Vector3) -> Vector3 {
        if (randomWalk > 0 || markovSigma > 0) && dt > 0 {
            sinceKnot += dt
            while sinceKnot >= Self.biasKnotInterval {
                sinceKnot -= Self.biasKnotInterval
                previousKnot = nextKnot
                nextKnot = drawKnot(after: previousKnot)
            }
            let fraction = sinceKnot * (1 / Self.biasKnotInterval)
            if randomWalk > 0 { walkBias = previousKnot.walk + fraction * (nextKnot.walk - previousKnot.walk) }
            if markovSigma > 0 { markovBias = previousKnot.markov + fraction * (nextKnot.markov - previousKnot.markov) }
        }
        var reading = gain * truth + fixedBias + walkBias + markovBias
        if let gSensitivity { reading += gSensitivity * specificForce }
        if whiteSigma > 0 {
            reading += Vector3(
                noiseStream.gaussian(sigma: whiteSigma), noiseStream.gaussian(sigma: whiteSigma), noiseStream.gaussian(sigma: whiteSigma))
        }
        return SensorOutput.finish(reading, range: range, resolution: resolution, inverseResolution: inverseResolution)
    }
}

/// Saturation and quantisation shared by all sensors.
enum SensorOutput {
    @inline(__always)
    static func finish(_ value: Vector3, range: Double, resolution: Double, inverseResolution: Double) -> Vector3 {
        Vector3(
            finish(value.x, range, resolution, inverseResolution), finish(value.y, range, resolution, inverseResolution),
            finish(value.z, range, resolution, inverseResolution))
    }

    @inline(__always)
    static func finish(_ value: Double, _ range: Double, _ resolution: Double, _ inverseResolution: Double) -> Double {
        let clamped = min(range, max(-range, value))
        return resolution > 0 ? roundToNearestEven(clamped * inverseResolution) * resolution : clamped
    }

    /// Round half to even for |x| < 2⁵¹ (always true here: readings are clamped to the range
    /// and range/resolution is far below 2⁵¹). Adding and subtracting 1.5·2⁵² makes the FPU do
    /// the rounding; `.rounded()` would call libm, as the baseline x86-64 target has no
    /// rounding instruction.
    @inline(__always)
    static func roundToNearestEven(_ x: Double) -> Double {
        let magic = 6_755_399_441_055_744.0
        return (x + magic) - magic
    }
}
