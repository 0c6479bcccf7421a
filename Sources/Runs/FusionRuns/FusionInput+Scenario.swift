import Scenarios
import Simulation

extension FusionInput {
    /// Seed `seed` of `scenario` as the filters take it: the seed's scenario with its `spread`
    /// drawn (`Scenario.drawn(seed:)`), simulated, its magnetometer calibrated when
    /// `fusion.magnetometer_calibration` is `ideal`. What `fusion` and `validate` fuse.
    public init(scenario: Scenario, seed: UInt64) throws(GSLError) {
        let drawn = try scenario.drawn(seed: seed)
        self.init(run: try SimulatedRun(world: drawn.world, seed: seed), calibrate: drawn.fusion.magnetometerCalibration == .ideal)
    }
}
