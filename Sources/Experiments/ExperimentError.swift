/// A problem with an experiment's input or stored results, as one line naming what is wrong:
/// reports that cannot be paired, a sweep grid, a tuning objective, trials to validate.
public struct ExperimentError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

// The 0.1 names, one type since 0.2 (CHANGELOG.md); kept for one minor version.
@available(*, deprecated, renamed: "ExperimentError") public typealias RegressionError = ExperimentError
@available(*, deprecated, renamed: "ExperimentError") public typealias SweepError = ExperimentError
@available(*, deprecated, renamed: "ExperimentError") public typealias TuningError = ExperimentError
@available(*, deprecated, renamed: "ExperimentError") public typealias ObjectiveError = ExperimentError
@available(*, deprecated, renamed: "ExperimentError") public typealias ValidationFailure = ExperimentError
