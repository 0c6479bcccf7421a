extension Parallel {
    /// `work(i)` for every i in 0..<count on the workers, and `lead()` at once beside them:
    /// one worker runs `lead` first and then takes jobs like the others, so a report's tables
    /// are written while its figures are drawn without a thread beyond `workerLimit` (with
    /// `--jobs 1`, `lead` and then every job on one thread). `lead`'s error is thrown first,
    /// then the first job's by index; every job runs either way.
    ///
    /// `lead` need not be `Sendable`: it runs once, on one worker, while the caller waits here;
    /// the jobs see only what they capture themselves, which must be.
    public static func map<Value: Sendable>(
        _ count: Int, besides lead: () throws -> Void, _ work: @Sendable (Int) throws -> Value
    ) throws -> [Value] {
        let slots = ResultSlots<Value>(count: count)
        let leadOutcome = ResultSlots<Void>(count: 1)
        try withoutActuallyEscaping(lead) { lead in
            let once = RunOnce(lead)
            // Job 0 is the lead: jobs start in index order, so it starts first.
            forEach(count + 1) { index in
                if index == 0 {
                    leadOutcome.store(Result { try once.run() }, at: 0)
                } else {
                    slots.store(Result { try work(index - 1) }, at: index - 1)
                }
            }
            _ = try leadOutcome.collect()
        }
        return try slots.collect()
    }
}

/// A closure handed to the one worker that runs it (see `Parallel.map(_:besides:_:)`).
private final class RunOnce: @unchecked Sendable {
    let run: () throws -> Void
    init(_ run: @escaping () throws -> Void) { self.run = run }
}
