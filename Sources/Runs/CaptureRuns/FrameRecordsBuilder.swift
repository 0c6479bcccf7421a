/// Collects a run's records: as plain records while they fit in `SpillSettings.memoryLimit`,
/// then (all of them) as `StoredFrame`s in a temporary file.
struct FrameRecordsBuilder {
    private let spill: SpillSettings
    private var records: [FrameRecord] = []
    private var spilled: SpillArray<StoredFrame>?

    init(spill: SpillSettings, expectedCount: Int) {
        self.spill = spill
        records.reserveCapacity(min(expectedCount, spill.memoryLimit / MemoryLayout<FrameRecord>.stride))
    }

    mutating func append(_ record: FrameRecord, reasons: inout ReasonTable) {
        if spilled == nil, (records.count + 1) * MemoryLayout<FrameRecord>.stride > spill.memoryLimit {
            var file = SpillArray<StoredFrame>(settings: SpillSettings(memoryLimit: 0, directory: spill.directory))
            for kept in records { file.append(StoredFrame(kept, reasons: &reasons)) }
            records = []
            spilled = file
        }
        if spilled != nil {
            spilled!.append(StoredFrame(record, reasons: &reasons))
        } else {
            records.append(record)
        }
    }

    consuming func finish(reasons: [String]) throws(SpillError) -> FrameRecords {
        guard let spilled else { return FrameRecords(records) }
        return FrameRecords(spilled: try spilled.finish(), reasons: reasons)
    }
}
