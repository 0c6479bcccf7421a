import OrbitMath
import Simulation

/// The gyroscope scale errors a twin's seeds draw: what the trial's own motion says of them
/// (`MotionCalibration.gyroscopeScalePPM`), weighed against what a MEMS gyroscope can have.
///
/// A scale error is a property of the part, fixed for a trial but known only as far as the
/// motion shows it. The twin's seeds stand for the sensors the data leave possible: each draws
/// its scale errors from the posterior of a zero-mean normal prior (`gyroscopeScalePriorPPM`)
/// and the calibration's estimate (its 95 % interval, ±1.96 σ). An axis the motion pins
/// down keeps close to its estimate; one it leaves open spreads over the prior, so the twin's
/// 10–90 % range widens where the sensor is unknown instead of pretending it is perfect.
extension RecordingTwin {
    /// 1 % per axis (10 000 ppm): the order of the sensitivity tolerance phone gyroscopes are
    /// specified with. Estimates of several percent (trials with translation) are shrunk
    /// towards it rather than taken whole: the model leaves out more than the part there.
    public static let defaultGyroscopeScalePriorPPM = 10_000.0

    /// Mean and standard deviation, ppm, of one axis's scale error given `estimate` and a
    /// prior N(0, `priorPPM`²): with σ the estimate's standard deviation and
    /// w = prior² / (prior² + σ²), mean = w · estimate and sd = √w · σ. A prior of 0 gives
    /// (0, 0); an interval of zero width gives the estimate itself; an estimate or interval that
    /// is not finite (a fit the motion could not make) says nothing: (0, prior).
    public static func scalePosterior(_ estimate: MotionCalibration.Estimate, priorPPM: Double) -> (mean: Double, sd: Double) {
        guard priorPPM > 0 else { return (0, 0) }
        guard estimate.value.isFinite, estimate.low.isFinite, estimate.high.isFinite else { return (0, priorPPM) }
        let sigma = max(0, estimate.high - estimate.low) / (2 * 1.96)
        let weight = priorPPM * priorPPM / (priorPPM * priorPPM + sigma * sigma)
        return (weight * estimate.value, weight.squareRoot() * sigma)
    }

    /// The gyroscope scale errors, ppm per axis, that seed `seed` draws (its own random stream,
    /// so the sensors' noise is the same with and without them). Zero without a motion
    /// calibration or with `gyroscopeScalePriorPPM` 0.
    public func gyroscopeScaleDraw(seed: UInt64) throws(GSLError) -> Vector3 {
        guard let measured = motionCalibration, gyroscopeScalePriorPPM > 0 else { return .zero }
        let stream = try RandomStream(seed: seed, source: "twin.gyroscope.scale_error_ppm")
        var draw = Vector3.zero
        for axis in 0..<3 {
            let (mean, sd) = Self.scalePosterior(measured.gyroscopeScalePPM[axis], priorPPM: gyroscopeScalePriorPPM)
            draw[axis] = mean + stream.gaussian(sigma: sd)
        }
        return draw
    }
}
