/// When a hand-held device moves: rest, ramp up, full motion, ramp down, break, … as motion
/// time τ(t) with its rate m(t) = dτ/dt ∈ [0, 1] and dm/dt. Ramps follow the quintic
/// smootherstep, so m is C² and a motion driven by τ has continuous acceleration.
public struct MotionEnvelope: Sendable {
    struct Piece: Sendable {
        enum Kind: Sendable { case rest, rampUp, move, rampDown }
        var kind: Kind
        var start: Double
        var duration: Double
        /// τ at the start of the piece, s.
        var startTau: Double
    }

    let pieces: [Piece]
    /// Total motion time, s.
    public let totalTau: Double

    public init(settings: HandheldSettings) {
        var pieces: [Piece] = []
        var time = 0.0, tau = 0.0
        func append(_ kind: Piece.Kind, _ duration: Double) {
            guard duration > 0 else { return }
            pieces.append(Piece(kind: kind, start: time, duration: duration, startTau: tau))
            time += duration
            switch kind {
            case .rest: break
            case .move: tau += duration
            case .rampUp, .rampDown: tau += duration / 2
            }
        }
        append(.rest, settings.leadIn)
        let segments = settings.breakCount + 1
        // Each segment lasts its share of the motion time on the wall clock, ramps included;
        // short segments shorten the ramps.
        let segmentLength = settings.motionDuration / Double(segments)
        let ramp = min(settings.ramp, segmentLength / 2)
        for segment in 0..<segments {
            if segment > 0 { append(.rest, settings.breakDuration) }
            append(.rampUp, ramp)
            append(.move, segmentLength - 2 * ramp)
            append(.rampDown, ramp)
        }
        append(.rest, settings.leadOut)
        self.pieces = pieces
        totalTau = tau
    }

    /// Whether the device is in full motion (m = 1) throughout [start, end].
    public func isInFullMotion(from start: Double, to end: Double) -> Bool {
        pieces.contains { $0.kind == .move && $0.start <= start && end <= $0.start + $0.duration }
    }

    /// τ (s), m = dτ/dt, dm/dt (1/s) and d²m/dt² (1/s²) at `time`. Before the start and after
    /// the end the device rests.
    @inline(__always)
    public func evaluate(at time: Double) -> (tau: Double, rate: Double, rateChange: Double, rateCurvature: Double) {
        // Binary search for the last piece starting at or before `time`.
        var low = 0, high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        let piece = pieces[low]
        let elapsed = min(max(0, time - piece.start), piece.duration)
        switch piece.kind {
        case .rest:
            return (piece.startTau, 0, 0, 0)
        case .move:
            return (piece.startTau + elapsed, 1, 0, 0)
        case .rampUp, .rampDown:
            let ramp = Smootherstep(elapsed / piece.duration)
            let s = ramp.value
            let sRate = ramp.slope / piece.duration
            let sCurvature = ramp.curvature / (piece.duration * piece.duration)
            let sIntegral = ramp.integral * piece.duration
            if piece.kind == .rampUp { return (piece.startTau + sIntegral, s, sRate, sCurvature) }
            return (piece.startTau + elapsed - sIntegral, 1 - s, -sRate, -sCurvature)
        }
    }
}
