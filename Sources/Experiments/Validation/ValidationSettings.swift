import Fusion
import Scenarios

/// How much `validate` simulates.
public struct ValidationSettings: Sendable, Equatable {
    /// Seeds of every prediction: each draws the calibrated keys and simulates the trial once.
    public var seeds: [UInt64]
    /// Seeds of the simulations that fit a trial's motion keys (their statistics are averaged).
    public var fitSeeds: [UInt64]
    /// Scale steps of the motion-key fit (`TrialKeyFit`).
    public var fitIterations: Int
    /// Filters run on the trials and the predictions, with the scenario's fusion settings.
    public var filters: [FilterName]
    /// Keys left at the scenario's values (not estimated): to see what a key's calibration
    /// changes.
    public var kept: Set<CalibrationKey> = []

    public init(seeds: [UInt64], fitSeeds: [UInt64], fitIterations: Int, filters: [FilterName] = FilterName.builtIn) {
        self.seeds = seeds
        self.fitSeeds = fitSeeds
        self.fitIterations = fitIterations
        self.filters = filters
    }

    /// The documented full form: 20 prediction seeds (the 10–90 % interval from 20 values),
    /// fits on 3 seeds with 4 steps.
    public static let full = ValidationSettings(seeds: Array(1...20), fitSeeds: [1001, 1002, 1003], fitIterations: 4)

    /// `--fast` (make test): 4 prediction seeds, fits on one seed with 2 steps.
    public static let fast = ValidationSettings(seeds: Array(1...4), fitSeeds: [1001], fitIterations: 2)
}
