/// A frame as it reached (or missed) the app during a run, with its truth, waiting for the end
/// of the run: only then are the selector's recording start and kept frames final.
struct ArrivedFrame: BitwiseCopyable {
    var frame: StoredFrame
    var truth: FrameTruth

    /// Completes the arrived frames in order: the app's view of the rotation rate where the
    /// selector looked (mid-exposure on the camera clock for a frame it never saw), then the
    /// truth (`completion`, which also counts them and keeps the slots' frames).
    static func complete(
        _ arrivals: SpilledElements<ArrivedFrame>, reasons: inout ReasonTable, rates: RotationRateTrack.Reader, focalLength: Double,
        completion: inout CaptureRecords.Completion, spill: SpillSettings
    ) throws(SpillError) -> FrameRecords {
        var rates = rates
        var frames = FrameRecordsBuilder(spill: spill, expectedCount: arrivals.count)
        var scratch: [ArrivedFrame] = []
        for blockStart in stride(from: 0, to: arrivals.count, by: FrameRecords.readBlock) {
            let block = blockStart..<min(blockStart + FrameRecords.readBlock, arrivals.count)
            arrivals.withElements(in: block, scratch: &scratch) { block in
                for arrived in block {
                    var record = arrived.frame.record(reasons: reasons.reasons)
                    let measuredRate = rates.magnitude(at: record.decision?.lookupTime ?? record.timestamp + record.exposure / 2)
                    record.measuredRotationRate = measuredRate
                    record.predictedBlur = measuredRate.map {
                        RotationRateTrack.predictedBlur(rate: $0, exposure: record.exposure, focalLength: focalLength)
                    }
                    completion.complete(&record, truth: arrived.truth)
                    frames.append(record, reasons: &reasons)
                }
            }
        }
        return try frames.finish(reasons: reasons.reasons)
    }
}
