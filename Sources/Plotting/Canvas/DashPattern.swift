/// A stroke's on/off lengths in px, repeated along each piece of a line from its start, as
/// cairo's dash with offset 0: an odd count of lengths repeats twice so on and off alternate.
struct DashPattern {
    /// Phases with positive length, in order; at least one is off.
    let phases: [(isOn: Bool, length: Double)]
    /// Sum of all lengths, px.
    let period: Double

    /// Shortest period drawn as dashes, px: a finer pattern is not visible as dashes on a pixel
    /// grid, and walking it would cost a step per fraction of a pixel.
    static let shortestPeriod = 0.5

    /// `nil` (draw solid) for an empty pattern, one with a negative or non-finite length, one
    /// with nothing off, and one whose period is below `shortestPeriod`.
    init?(_ lengths: [Double]) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let alternating = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let phases = alternating.enumerated().filter { $0.element > 0 }.map { (isOn: $0.offset % 2 == 0, length: $0.element) }
        let period = phases.reduce(0) { $0 + $1.length }
        guard phases.contains(where: { !$0.isOn }), period >= Self.shortestPeriod else { return nil }
        self.phases = phases
        self.period = period
    }

    func walker() -> Walker { Walker(phases: phases, period: period) }

    /// A position along the pattern.
    struct Walker {
        private let phases: [(isOn: Bool, length: Double)]
        private let period: Double
        private var index = 0
        /// What is left of the current phase, px (> 0).
        private(set) var remainingInPhase: Double
        /// Whether the current phase began exactly here after an off phase (or at the start),
        /// so a dash drawn from here begins here rather than continuing one.
        private(set) var startsPhase = true

        fileprivate init(phases: [(isOn: Bool, length: Double)], period: Double) {
            self.phases = phases
            self.period = period
            remainingInPhase = phases[0].length
        }

        var isOn: Bool { phases[index].isOn }
        /// Whether the phase after the current one is on (the same dash goes on past its end).
        var nextIsOn: Bool { phases[(index + 1) % phases.count].isOn }

        /// Moves `step` px along, at most `remainingInPhase`.
        mutating func advance(by step: Double) {
            guard step > 0 else { return }
            if step < remainingInPhase {
                remainingInPhase -= step
                startsPhase = false
                return
            }
            let wasOn = isOn
            index = (index + 1) % phases.count
            remainingInPhase = phases[index].length
            // On after on (across the pattern's wrap): the same dash goes on.
            startsPhase = !(wasOn && isOn)
        }

        /// Moves `distance` px along, any number of phases (whole periods are dropped first).
        mutating func skip(_ distance: Double) {
            guard distance > 0, distance.isFinite else { return }
            var left = distance < period ? distance : distance.truncatingRemainder(dividingBy: period)
            while left > 0 {
                let step = min(left, remainingInPhase)
                advance(by: step)
                left -= step
            }
        }
    }
}
