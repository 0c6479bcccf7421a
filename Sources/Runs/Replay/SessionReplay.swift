import Capture
import Foundation
import Fusion
import OrbitMath
import Recordings

/// Replays a logged capture session through selection code — the built-in or registered one
/// named in `settings.selector`, or any `FrameSelector` value — exactly as `CaptureRunner`
/// feeds it: motion updates and frames in delivery order (motion first on equal times),
/// dropped frames withheld. Measured by the same `CaptureRecords`/`CaptureMetrics` code as a
/// simulated run; truth-based metrics only where the log carries reference attitudes and
/// positions, blur never (it needs the scene).
public enum SessionReplay {
    /// Replays `log` with the selector `settings.selector`; raw motion is fused with
    /// `fusion.filter` first.
    ///
    /// - Throws: `PluginFailure` when the filter or the selector throws or breaks its contract.
    public static func run(_ log: CaptureSessionLog, name: String, settings: CaptureSettings, fusion: FusionSettings = FusionSettings())
        throws(PluginFailure) -> CaptureRunResult
    {
        let fused = try fused(log, name: name, fusion: fusion)
        return try settings.withSelector(
            Step(
                log: fused, name: name, orientation: settings.orientation, slotCount: settings.slotCount,
                selectorName: settings.selector.rawValue, filter: log.isRaw ? fusion.filter.rawValue : nil)
        ).get()
    }

    /// Replays `log` with `selector` (fresh); raw motion is fused with `fusion.filter` first.
    public static func run<Selector: FrameSelector>(
        _ log: CaptureSessionLog, name: String, selector: Selector, orientation: CaptureOrientation, slotCount: Int,
        fusion: FusionSettings = FusionSettings()
    ) throws(PluginFailure) -> CaptureRunResult {
        try Step(
            log: try fused(log, name: name, fusion: fusion), name: name, orientation: orientation, slotCount: slotCount,
            selectorName: String(describing: Selector.self), filter: log.isRaw ? fusion.filter.rawValue : nil
        ).visit(selector).get()
    }

    /// A raw log turned into DeviceMotion updates by `fusion.filter` (in `fusion.referenceFrame`);
    /// updates before the filter has initialised are not delivered, as on a phone. A fused log
    /// is returned as it is.
    public static func fused(_ log: CaptureSessionLog, name: String, fusion: FusionSettings) throws(PluginFailure) -> CaptureSessionLog {
        guard log.isRaw else { return log }
        return try fusion.withFilter(
            fusion.filter, Fuser(log: log, name: name, filterName: fusion.filter.rawValue, referenceFrame: fusion.referenceFrame)
        )
        .get()
    }

    private struct Fuser: FilterVisitor {
        let log: CaptureSessionLog
        let name: String
        let filterName: String
        let referenceFrame: ReferenceFrame

        func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result<CaptureSessionLog, PluginFailure> {
            var estimator = DeviceMotionEstimator(filter: filter, referenceFrame: referenceFrame)
            var motion: [CaptureSessionLog.Motion] = []
            motion.reserveCapacity(log.motion.count)
            for var entry in log.motion {
                if let reading = entry.reading {
                    do { try estimator.update(reading) } catch {
                        return .failure(
                            PluginFailure(
                                error, kind: .filter, name: filterName, scenario: name, seed: nil, location: PluginFailure.time(reading.time)))
                    }
                }
                guard let fused = estimator.motion else { continue }
                entry.motion = fused
                motion.append(entry)
            }
            return .success(CaptureSessionLog(motion: motion, frames: log.frames))
        }
    }

    private struct Step: FrameSelectorVisitor {
        let log: CaptureSessionLog
        let name: String
        let orientation: CaptureOrientation
        let slotCount: Int
        let selectorName: String
        let filter: String?

        func visit<Selector: FrameSelector>(_ fresh: Selector) -> Result<CaptureRunResult, PluginFailure> {
            Result { () throws(PluginFailure) in try replay(fresh) }
        }

        private func failure(_ error: any Error, at location: String) -> PluginFailure {
            PluginFailure(error, kind: .selector, name: selectorName, scenario: name, seed: nil, location: location)
        }

        private func replay<Selector: FrameSelector>(_ fresh: Selector) throws(PluginFailure) -> CaptureRunResult {
            var selector = fresh
            let frames = log.frames, motion = log.motion
            var decisions = [FrameDecision?](repeating: nil, count: frames.count)
            var contract = SelectorContract(slotCount: slotCount)
            var processed = 0, coalesced = 0
            // The log is in memory already, so is its track: it never spills, and `finish` cannot fail.
            var rateTrack = RotationRateTrack(spill: SpillSettings(memoryLimit: .max))
            var m = 0, f = 0
            while m < motion.count || f < frames.count {
                if f == frames.count || (m < motion.count && motion[m].deliveryTime <= frames[f].deliveryTime) {
                    if let update = motion[m].motion {
                        rateTrack.append(timestamp: update.timestamp, rotationRate: update.rotationRate)
                        let handling: MotionHandling
                        do { handling = try selector.handleMotion(update) } catch { throw failure(error, at: PluginFailure.time(update.timestamp)) }
                        if handling.isProcessed { processed += 1 } else { coalesced += 1 }
                    }
                    m += 1
                } else {
                    let frame = frames[f]
                    if !frame.dropped {
                        let input = FrameInput(index: frame.index, timestamp: frame.timestamp, exposure: frame.exposure, image: frame.image)
                        do {
                            let decision = try selector.handleFrame(input)
                            try contract.check(decision, for: input)
                            decisions[f] = decision
                        } catch {
                            throw failure(error, at: "frame \(frame.index)")
                        }
                    }
                    f += 1
                }
            }

            let slots = selector.slots, recordingStart = selector.recordingStartTime
            let recording = selector.recording(uid: name, date: CaptureRunner.recordingDate)
            do {
                try contract.checkEnd(slots: slots, recordingStartTime: recordingStart, recording: recording)
            } catch {
                throw failure(error, at: "the end of the session")
            }
            let reference = ReferenceTrack(log)
            let start = recordingStart.flatMap(reference.pose)
            var rates = try! rateTrack.finish()
            let arrivals = frames.enumerated().map { position, frame in
                var record = FrameRecord(
                    index: frame.index, captureTime: frame.timestamp, exposure: frame.exposure, timestamp: frame.timestamp,
                    deliveryTime: frame.deliveryTime, dropped: frame.dropped, backlog: 0, decision: decisions[position])
                // The session names no focal length, so no predicted blur.
                record.measuredRotationRate = rates.magnitude(at: decisions[position]?.lookupTime ?? frame.timestamp + frame.exposure / 2)
                return record
            }
            let truths = frames.map { FrameTruth(pose: reference.pose(at: $0.timestamp + $0.exposure / 2)) }
            let (frameRecords, slotRecords) = CaptureRecords.build(
                arrivals: arrivals, slots: slots, recordingStart: start, truth: truths, orientation: orientation)
            var track: [(time: Double, angle: Double)] = []
            if let startAzimuth = start?.azimuth, let begin = recordingStart, let end = reference.end, end > begin {
                // 20 Hz, at most 20 000 points however long the log.
                let step = max(0.05, (end - begin) / 20_000)
                for index in 0...Int((end - begin) / step) {
                    let time = begin + Double(index) * step
                    if let azimuth = reference.pose(at: time)?.azimuth {
                        track.append((time, Angles.wrapTo360(Angles.degrees(azimuth - startAzimuth))))
                    }
                }
            }
            let noFusionReference = AttitudeRMSE(estimates: [], truths: []) { _ in false }
            return CaptureRunResult(
                seed: 0,
                metrics: CaptureMetrics(
                    frames: frameRecords, slots: slotRecords, slotWidth: 360 / Double(slotCount), attitudeRMSE: noFusionReference),
                frames: frameRecords, slots: slotRecords, recording: recording,
                trueAngleTrack: track, recordingStart: recordingStart,
                motionCoalesced: coalesced, motionProcessed: processed, queueBusyFraction: .nan, session: nil,
                selector: selectorName, filter: filter)
        }
    }
}

/// The log's reference poses, interpolated: SLERP for attitudes, linear for positions, each
/// over the rows that have it. `nil` parts outside their logged span.
public struct ReferenceTrack: Sendable {
    private var attitudeTimes: [Double] = [], attitudes: [Quaternion] = []
    private var positionTimes: [Double] = [], positions: [Vector3] = []

    public init(_ log: CaptureSessionLog) {
        for entry in log.motion {
            let time = entry.timestamp
            // Repeated and reordered rows carry nothing new.
            if let attitude = entry.reference?.attitude, time > (attitudeTimes.last ?? -.infinity) {
                attitudeTimes.append(time)
                attitudes.append(attitude)
            }
            if let position = entry.reference?.position, time > (positionTimes.last ?? -.infinity) {
                positionTimes.append(time)
                positions.append(position)
            }
        }
    }

    public var hasAttitudes: Bool { !attitudes.isEmpty }
    public var hasPositions: Bool { !positions.isEmpty }

    /// Camera attitude (body → world, z up) and position relative to the object centre (m) at
    /// `time`; `nil` unless both are logged around it.
    public func camera(at time: Double) -> (attitude: Quaternion, position: Vector3)? {
        guard let (a0, a1, af) = TimeBracket.locate(attitudeTimes, time), let (p0, p1, pf) = TimeBracket.locate(positionTimes, time) else {
            return nil
        }
        return (Quaternion.slerp(attitudes[a0], attitudes[a1], t: af), positions[p0] + pf * (positions[p1] - positions[p0]))
    }
    /// The last instant with any reference, s.
    var end: Double? { [attitudeTimes.last, positionTimes.last].compactMap { $0 }.max() }

    func pose(at time: Double) -> TruthPose? {
        let attitude = TimeBracket.locate(attitudeTimes, time).map { low, high, fraction in
            Quaternion.slerp(attitudes[low], attitudes[high], t: fraction)
        }
        let position = TimeBracket.locate(positionTimes, time).map { low, high, fraction in
            positions[low] + fraction * (positions[high] - positions[low])
        }
        guard attitude != nil || position != nil else { return nil }
        return TruthPose(attitude: attitude, azimuth: position.map(Self.azimuth))
    }

    /// Counter-clockwise from +x seen from above, rad.
    static func azimuth(_ position: Vector3) -> Double { atan2(position.y, position.x) }
}
