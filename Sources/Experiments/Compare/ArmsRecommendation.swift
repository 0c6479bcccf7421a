import Foundation
import Runs
import StatisticsKit

/// Which arm of a comparison to pick: the best mean of `objective` among the arms whose means
/// meet every constraint (`compare --objective METRIC --require 'METRIC>=BOUND'`), and whether
/// the comparison tells it apart from the runner-up. Beside each arm, the share of its blocks
/// (seeds) in which each constraint holds — a mean can meet a bound that several seeds miss.
public struct ArmsRecommendation: Sendable {
    public struct Standing: Sendable {
        public var arm: Int
        /// The objective's mean over the blocks with a value.
        public var mean: Double?
        /// Whether the arm's mean meets every constraint.
        public var meets: Bool
        /// Per constraint, the share of blocks whose value meets it.
        public var shares: [Double]
    }

    public let objective: String
    /// Whether `objective` is the default one (none was given): the sentence says so.
    public let objectiveIsDefault: Bool
    public let constraints: [SweepConstraint]
    public let standings: [Standing]
    /// The arm to pick; nil when no arm meets the constraints (or none has the objective).
    public let pick: Int?
    /// The next admitted arm by the objective's mean.
    public let runnerUp: Int?

    /// The objective when none is given: the first of these the comparison has.
    public static let defaultObjectives = ["blur_obj_mean_px", "kp_err_mean", "att_rmse_total_deg", "coverage"]

    public init(_ comparison: ArmsComparison, objective given: String? = nil, constraints: [SweepConstraint] = []) throws {
        let metrics = Set(comparison.metrics.map(\.metric))
        guard let objective = given ?? Self.defaultObjectives.first(where: metrics.contains) ?? comparison.metrics.first?.metric else {
            throw ExperimentError("the comparison has no metric to pick an arm by")
        }
        guard metrics.contains(objective) else {
            throw ExperimentError(
                "--objective \(objective): the comparison has no such metric (\(comparison.metrics.map(\.metric).joined(separator: ", ")))")
        }
        for constraint in constraints where !metrics.contains(constraint.metric) {
            throw ExperimentError("--require \(constraint): the comparison has no metric \(constraint.metric)")
        }
        func column(_ metric: String, _ arm: Int) -> [Double] { (comparison.values[metric] ?? []).compactMap { $0[arm] } }
        let standings = comparison.arms.indices.map { arm -> Standing in
            let values = column(objective, arm)
            let meets = constraints.allSatisfy { constraint in
                let own = column(constraint.metric, arm)
                return !own.isEmpty && constraint.admits(Statistics.mean(own))
            }
            let shares = constraints.map { constraint -> Double in
                let row = (comparison.values[constraint.metric] ?? []).map { $0[arm] }
                return row.isEmpty ? 0 : Double(row.filter { constraint.admits($0) }.count) / Double(row.count)
            }
            return Standing(arm: arm, mean: values.isEmpty ? nil : Statistics.mean(values), meets: meets, shares: shares)
        }
        let higher = RunMetrics.direction(of: objective) == .higher
        let ranked = standings.filter { $0.meets && $0.mean != nil }.sorted { a, b in
            a.mean! != b.mean! ? (higher ? a.mean! > b.mean! : a.mean! < b.mean!) : a.arm < b.arm
        }
        self.objective = objective
        objectiveIsDefault = given == nil
        self.constraints = constraints
        self.standings = standings
        pick = ranked.first?.arm
        runnerUp = ranked.dropFirst().first?.arm
    }

    /// One or two sentences for the verdict: the arm to pick and why, whether it is told apart
    /// from the runner-up, and how often its seeds meet each constraint; or that none meets them.
    public func sentence(_ comparison: ArmsComparison) -> String {
        let direction = RunMetrics.direction(of: objective) == .higher ? "highest" : "lowest"
        let required = constraints.map(\.description).joined(separator: " and ")
        guard let pick else {
            guard !constraints.isEmpty else { return "No arm has a value of \(objective) to pick by." }
            let closest = standings.max { a, b in a.shares.reduce(0, +) < b.shares.reduce(0, +) }
            guard let closest, closest.shares.reduce(0, +) > 0 else { return "No arm meets \(required), in its mean or in any block." }
            return "No arm's mean meets \(required); the closest, \(comparison.arms[closest.arm]), meets it in \(shares(closest)) of the blocks."
        }
        let admitted = standings.filter(\.meets).count
        var text =
            "Pick \(comparison.arms[pick])\(objectiveIsDefault ? " by the default objective (--objective chooses another)" : ""): \(direction) mean \(objective) (\(format(standings[pick].mean!)))"
        text +=
            constraints.isEmpty
            ? " of the \(comparison.arms.count) arms" : " among the \(admitted) of \(comparison.arms.count) arms whose mean meets \(required)"
        if !constraints.isEmpty { text += "; its blocks meet it in \(shares(standings[pick]))" }
        if let runnerUp, let pair = comparison.metric(objective)?.pair(pick, runnerUp) {
            let apart = pair.verdict != .noSignificantDifference && pair.verdict != .identical
            text +=
                apart
                ? "; it differs from the runner-up \(comparison.arms[runnerUp]) (Holm p \(pValue(pair.holmP)))."
                : "; the runner-up \(comparison.arms[runnerUp]) (\(format(standings[runnerUp].mean!))) is not told apart from it (Holm p \(pValue(pair.holmP))): either will do, or run more seeds."
        } else {
            text += "."
        }
        return text
    }

    func shares(_ standing: Standing) -> String {
        zip(constraints, standing.shares).map { constraint, share in
            constraints.count == 1 ? "\(Int((share * 100).rounded())) %" : "\(constraint.metric) \(Int((share * 100).rounded())) %"
        }.joined(separator: ", ")
    }

    func format(_ value: Double) -> String { String(format: abs(value) >= 100 ? "%.1f" : "%.4g", value) }
    func pValue(_ p: Double?) -> String { p.map { $0 < 0.001 ? "<0.001" : String(format: "%.3f", $0) } ?? "–" }
}
