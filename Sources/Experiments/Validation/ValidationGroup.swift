/// A group of trials that one hand-held scenario describes, and how a BROAD trial is placed
/// in one (from its `trials.json` groups).
public struct ValidationGroup: Sendable, Equatable {
    /// "rotation", "fast translation", "attached magnet", …
    public var name: String
    /// The scenario calibrated on the group's trials ("broad-rotation").
    public var scenario: String
    /// Trial names, in the order given.
    public var trials: [String]

    public init(name: String, scenario: String, trials: [String]) {
        self.name = name
        self.scenario = scenario
        self.trials = trials
    }

    /// BROAD's groups → the group and its scenario, as the `broad-*` scenarios were built:
    /// undisturbed trials by motion (rotation, translation) and speed (slow, fast), disturbed
    /// ones by disturbance. The first entry whose groups a trial has all of wins.
    public static let broad: [(name: String, scenario: String, requires: Set<String>)] = [
        ("rotation", "broad-rotation", ["undisturbed", "rotation", "slow"]),
        ("fast rotation", "broad-fast-rotation", ["undisturbed", "rotation", "fast"]),
        ("translation", "broad-translation", ["undisturbed", "translation", "slow"]),
        ("fast translation", "broad-fast-translation", ["undisturbed", "translation", "fast"]),
        ("tapping", "broad-tapping", ["tapping"]),
        ("vibration", "broad-vibration", ["vibration"]),
        ("stationary magnet", "broad-stationary-magnet", ["stationary_magnet"]),
        ("attached magnet", "broad-attached-magnet", ["attached_magnet"]),
    ]

    /// The group of a trial with these BROAD groups; nil when no scenario describes it
    /// (combined motion, office environment, mixed disturbances, or no `trials.json`).
    public static func broadGroup(of groups: [String]) -> (name: String, scenario: String)? {
        let have = Set(groups)
        return broad.first { $0.requires.isSubset(of: have) }.map { ($0.name, $0.scenario) }
    }

    /// Trials (name and BROAD groups) by group in the order of `broad`, each group's trials in
    /// the order given, and the names of the trials no group takes.
    public static func grouping(_ trials: [(name: String, groups: [String])]) -> (groups: [ValidationGroup], ungrouped: [String]) {
        var groups: [ValidationGroup] = []
        var ungrouped: [String] = []
        for trial in trials {
            guard let match = broadGroup(of: trial.groups) else {
                ungrouped.append(trial.name)
                continue
            }
            if let index = groups.firstIndex(where: { $0.name == match.name }) {
                groups[index].trials.append(trial.name)
            } else {
                groups.append(ValidationGroup(name: match.name, scenario: match.scenario, trials: [trial.name]))
            }
        }
        let order = broad.map(\.name)
        groups.sort { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
        return (groups, ungrouped)
    }

    /// One calibration and what it predicts: in sample (trained on every trial, predicting
    /// each) or leave-one-trial-out (trained on all but `heldOut`, predicting it).
    public struct Fold: Sendable, Equatable {
        public var group: String
        /// nil: the in-sample fold.
        public var heldOut: String?
        public var training: [String]
        /// The trials whose errors this fold predicts.
        public var predicted: [String] { heldOut.map { [$0] } ?? training }
    }

    /// The in-sample fold, then one fold per trial held out (none for a group of one trial:
    /// nothing would be left to train on).
    public var folds: [Fold] {
        var folds = [Fold(group: name, heldOut: nil, training: trials)]
        if trials.count >= 2 {
            for trial in trials { folds.append(Fold(group: name, heldOut: trial, training: trials.filter { $0 != trial })) }
        }
        return folds
    }
}
