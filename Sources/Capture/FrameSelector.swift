import Fusion
import OrbitMath

/// What a 360° capture app's selection code does: take DeviceMotion updates and camera frames
/// in the order the app's queue delivers them, decide about each frame (with a reason), and at
/// the end hand over its slots and the export. `OuterCircleSelector` is one
/// conformance; a team's own policy is another, measured by exactly the same harness code.
///
/// The harness calls `handleMotion` for every update the system delivers (repeats and floods
/// included) and `handleFrame` for every frame the queue did not drop; both on one thread, in
/// delivery order. It reads only the returned values, `slots` and `recordingStartTime`, and
/// checks them before it measures anything (the contract below); a selector that breaks it,
/// or throws, ends that seed's run with an error naming it, the seed and the frame — never a
/// metric.
///
/// The contract:
/// - a decision's numbers (lookup time, the placement's pose, offset, acceleration and motion,
///   score) are finite, its pose angle in [0, 360), its slot in `0..<slotCount` of the scenario;
/// - `.accepted` fills an empty slot, `.replaced` displaces the frame named in
///   `replacedFrame` from its slot; both carry a placement; no other outcome changes a
///   slot; `.rejected`'s reason is a snake_case word (1–64 characters of a–z, 0–9, `_`);
/// - at the end `slots` has `slotCount` entries and holds exactly the frames the decisions
///   put there, with their image names and finite values; `recordingStartTime` is finite,
///   and set once any frame is kept; the export (`recording`) names only kept frames.
///
/// What `handleMotion` returns costs time on the app's simulated queue: `isProcessed: true`
/// costs `pipeline.motion_cost_ms` (a full update: UI, guidance), `false` costs
/// `pipeline.coalesced_motion_cost_ms` (only stored). A selector that processes every update
/// of a flood backs the queue up and frames are dropped as late — which the bench measures.
/// `FramePlacer.handleMotion` stores the update and applies the scenario's flood guard
/// (`selection.flood_guard`, `selection.flood_guard_max_rate_hz`) in one call.
///
///     struct FirstFrameSelector: FrameSelector {
///         var placer: FramePlacer
///         var ring: SlotRing
///         mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling { placer.handleMotion(motion) }
///         ...
///     }
public protocol FrameSelector: Sendable {
    /// Slots around the circle, index `k` centred on `k × 360 / slots.count` degrees; `nil`
    /// where no frame is kept.
    var slots: [SlotEntry?] { get }
    /// The DeviceMotion-clock instant the orbit angle is measured from (angle 0: the attitude
    /// at that instant), s; `nil` before the recording started.
    var recordingStartTime: Double? { get }

    /// One DeviceMotion update. Throws when the selector cannot go on (a non-throwing
    /// implementation conforms too).
    mutating func handleMotion(_ motion: DeviceMotion) throws -> MotionHandling
    /// One frame: where it lies on the circle and whether it is kept. Throws when the
    /// selector cannot go on.
    mutating func handleFrame(_ frame: FrameInput) throws -> FrameDecision
    /// The OuterCircle export of the kept frames.
    func recording(uid: String, date: Double) -> Recording
}

extension FrameSelector {
    /// Angular width of one slot, degrees.
    public var slotWidth: Double { 360 / Double(max(slots.count, 1)) }

    /// Filled slots / slot count.
    public var coverage: Double { Double(slots.lazy.filter { $0 != nil }.count) / Double(max(slots.count, 1)) }

    /// The export built from the slots: elements ordered by angle, `radius` the slot width,
    /// acceleration in g.
    public func recording(uid: String, date: Double) -> Recording {
        let elements = slots.compactMap { entry in
            entry.map {
                Recording.Element(
                    image: $0.image, angle: $0.pose.angle, time: $0.time, deviationPitch: $0.pose.pitchDeviation,
                    deviationRoll: $0.pose.rollDeviation, acceleration: $0.acceleration / Units.standardGravity)
            }
        }
        return Recording(uid: uid, date: date, radius: slotWidth, elements: Recording.orderedByAngle(elements))
    }
}

/// Work to do with a concrete selector type (see `FilterVisitor`): the harness picks the
/// selector by name at run time and still runs its loop statically dispatched.
public protocol FrameSelectorVisitor {
    associatedtype Result
    func visit<Selector: FrameSelector>(_ selector: Selector) -> Result
}

extension CaptureSettings {
    /// Calls `visitor` with a fresh selector named `selector`, built from these settings.
    /// Inlinable so that a visitor in another module is specialised for the built-in selector.
    @inlinable
    public func withSelector<Visitor: FrameSelectorVisitor>(_ visitor: Visitor) -> Visitor.Result {
        if selector == .outerCircle { return visitor.visit(OuterCircleSelector(settings: self)) }
        guard let made = SelectorRegistry.make(selector.rawValue, settings: self) else {
            preconditionFailure("selector '\(selector)' has no factory")
        }
        return visitor.visit(made)
    }
}
