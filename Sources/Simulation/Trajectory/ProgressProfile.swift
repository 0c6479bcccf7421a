import OrbitMath

/// Progress along the orbit over time: standing, speeding up, cruising, slowing down, turning
/// back, pausing. Velocity ramps follow the quintic smootherstep S(u) = 6u⁵ − 15u⁴ + 10u³,
/// so position is C³: acceleration and jerk are continuous and zero where motion starts and
/// stops. All derivatives are exact polynomials, never differences.
///
/// Progress is a signed angle in radians (negative while walking back); `walked` is the
/// unsigned distance covered so far, also in radians of orbit.
public struct ProgressProfile: Sendable {
    public struct Piece: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case hold, rampUp, cruise, rampDown }
        public var kind: Kind
        public var start: Double
        public var duration: Double
        /// 1 / duration, s⁻¹.
        public var inverseDuration: Double
        /// Peak speed of this piece, rad/s (unsigned).
        public var speed: Double
        /// +1 forward, −1 walking back.
        public var direction: Double
        public var startProgress: Double
        public var startWalked: Double
    }

    public private(set) var pieces: [Piece] = []
    /// End of the last piece, s.
    public var duration: Double { pieces.last.map { $0.start + $0.duration } ?? 0 }
    /// Total distance walked, rad.
    public private(set) var totalWalked = 0.0

    /// The profile of `orbit`: lead-in, moves between the pause and reversal points, lead-out.
    /// Expects validated settings (events strictly inside (0, sweep), positive speed and ramp).
    public init(orbit: OrbitSettings) {
        let speed = Angles.radians(orbit.angularSpeed)
        var builder = Builder(speed: speed, ramp: orbit.ramp)
        builder.hold(orbit.leadIn)
        enum Event { case pause(Double), reversal(Double) }
        var events: [(at: Double, event: Event)] = orbit.pauses.map { (Angles.radians($0.atDegrees), .pause($0.duration)) }
        events += orbit.reversals.map { (Angles.radians($0.atDegrees), .reversal(Angles.radians($0.backDegrees))) }
        events.sort { $0.at < $1.at }
        for (at, event) in events {
            builder.move(to: at)
            switch event {
            case .pause(let duration):
                builder.hold(duration)
            case .reversal(let back):
                builder.hold(orbit.reversalDwell)
                builder.move(to: at - back)
                builder.hold(orbit.reversalDwell)
            }
        }
        builder.move(to: Angles.radians(orbit.sweep))
        builder.hold(orbit.leadOut)
        pieces = builder.pieces
        totalWalked = builder.walked
    }

    /// From the first piece that moves to the end of the last one that moves, s.
    public var walkingPhase: ClosedRange<Double> {
        let moving = pieces.filter { $0.kind != .hold }
        guard let first = moving.first, let last = moving.last else { return 0...duration }
        return first.start...(last.start + last.duration)
    }

    /// Progress (signed) and distance walked (unsigned), each with three derivatives. Times
    /// before the start or after the end hold the first/last position.
    @inline(__always)
    public func evaluate(at time: Double) -> (progress: Kinematics1D, walked: Kinematics1D) {
        guard let first = pieces.first else { return (.zero, .zero) }
        if time <= first.start {
            return (
                Kinematics1D(value: first.startProgress, rate: 0, acceleration: 0, jerk: 0),
                Kinematics1D(value: first.startWalked, rate: 0, acceleration: 0, jerk: 0)
            )
        }
        let piece = pieces[pieceIndex(at: time)]
        let local = Self.localMotion(piece, elapsed: min(time - piece.start, piece.duration))
        let progress = Kinematics1D(
            value: piece.startProgress + piece.direction * local.value, rate: piece.direction * local.rate,
            acceleration: piece.direction * local.acceleration, jerk: piece.direction * local.jerk)
        let walked = Kinematics1D(
            value: piece.startWalked + local.value, rate: local.rate, acceleration: local.acceleration, jerk: local.jerk)
        return (progress, walked)
    }

    /// Index of the last piece starting at or before `time`.
    func pieceIndex(at time: Double) -> Int {
        var low = 0, high = pieces.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if pieces[mid].start <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Unsigned distance covered within a piece and its derivatives.
    @inline(__always)
    static func localMotion(_ piece: Piece, elapsed: Double) -> Kinematics1D {
        let v = piece.speed, inverse = piece.inverseDuration
        switch piece.kind {
        case .hold:
            return .zero
        case .cruise:
            return Kinematics1D(value: v * elapsed, rate: v, acceleration: 0, jerk: 0)
        case .rampUp, .rampDown:
            let u = elapsed * inverse
            let s = Smootherstep(u)
            let smooth = s.value, integral = s.integral, slope = s.slope, curvature = s.curvature
            if piece.kind == .rampUp {
                return Kinematics1D(
                    value: v * piece.duration * integral, rate: v * smooth,
                    acceleration: v * inverse * slope, jerk: v * inverse * inverse * curvature)
            }
            return Kinematics1D(
                value: v * piece.duration * (u - integral), rate: v * (1 - smooth),
                acceleration: -v * inverse * slope, jerk: -v * inverse * inverse * curvature)
        }
    }

    /// Appends pieces while tracking time, position and distance walked.
    private struct Builder {
        let speed: Double
        let ramp: Double
        var pieces: [Piece] = []
        var time = 0.0
        var progress = 0.0
        var walked = 0.0

        mutating func hold(_ duration: Double) {
            guard duration > 0 else { return }
            append(.hold, duration: duration, speed: 0, direction: 1, distance: 0)
        }

        /// Speeds up, cruises and slows down to stop exactly at `target`. Moves too short for
        /// two full ramps at cruise speed use a lower peak speed instead.
        mutating func move(to target: Double) {
            let distance = abs(target - progress)
            guard distance > 1e-12 else { return }
            let direction: Double = target > progress ? 1 : -1
            let rampDistance = speed * ramp  // both ramps together cover speed·ramp
            if distance >= rampDistance {
                append(.rampUp, duration: ramp, speed: speed, direction: direction, distance: rampDistance / 2)
                let cruiseDistance = distance - rampDistance
                if cruiseDistance > 0 {
                    append(.cruise, duration: cruiseDistance / speed, speed: speed, direction: direction, distance: cruiseDistance)
                }
                append(.rampDown, duration: ramp, speed: speed, direction: direction, distance: rampDistance / 2)
            } else {
                let peak = distance / ramp
                append(.rampUp, duration: ramp, speed: peak, direction: direction, distance: distance / 2)
                append(.rampDown, duration: ramp, speed: peak, direction: direction, distance: distance / 2)
            }
            progress = target  // remove rounding drift
        }

        private mutating func append(_ kind: Piece.Kind, duration: Double, speed: Double, direction: Double, distance: Double) {
            pieces.append(
                Piece(
                    kind: kind, start: time, duration: duration, inverseDuration: 1 / duration, speed: speed, direction: direction,
                    startProgress: progress, startWalked: walked))
            time += duration
            progress += direction * distance
            walked += distance
        }
    }
}
