/// What a `LatestJobsWorker` did, kept for the thread that asks for it:
/// the `capacity` results used last stay, the others leave. Asking again
/// for what is kept, or for the same jobs as last time, sends nothing to
/// the worker. Used from one thread only (the asking one).
public final class KeptResults<Job: Sendable & Equatable, Key: Hashable & Sendable, Result: Sendable> {
    public let worker: LatestJobsWorker<Job, Key, Result>
    public let capacity: Int
    private var kept: [Key: (result: Result, lastUse: Int)] = [:]
    /// Counts uses: the results used longest ago leave first.
    private var useClock = 0
    /// The jobs asked for last, so an unchanged request is not sent again.
    private var requested: [Job] = []

    public init(worker: LatestJobsWorker<Job, Key, Result>, capacity: Int) {
        self.worker = worker
        self.capacity = capacity
    }

    /// The result kept for `key`, now counted as used; nil while it is not there.
    public func result(for key: Key) -> Result? {
        guard let found = kept[key] else { return nil }
        useClock += 1
        kept[key]?.lastUse = useClock
        return found.result
    }

    public func contains(_ key: Key) -> Bool { kept[key] != nil }

    /// Asks for the jobs whose results are not kept, in order (most wanted first).
    public func want(_ jobs: [Job]) {
        let missing = jobs.filter { kept[worker.keyOfJob($0)] == nil }
        guard missing != requested else { return }
        requested = missing
        worker.request(missing)
    }

    /// Takes in what the worker did; true when anything new came.
    @discardableResult
    public func takeResults() -> Bool {
        let results = worker.takeResults()
        for result in results { keep(result) }
        if !results.isEmpty { requested = requested.filter { kept[worker.keyOfJob($0)] == nil } }
        return !results.isEmpty
    }

    /// Keeps a result found on this thread, or taken from the worker.
    public func keep(_ result: Result) {
        useClock += 1
        kept[worker.keyOfResult(result)] = (result, useClock)
        guard kept.count > capacity else { return }
        let oldest = kept.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(kept.count - capacity)
        for (key, _) in oldest { kept[key] = nil }
    }

    /// True while the worker has jobs, or results wait to be taken in.
    public var isWorking: Bool { worker.isWorking }

    /// Waits until the worker did everything asked for, and takes it in;
    /// true when anything new came.
    @discardableResult
    public func finishWork() -> Bool {
        worker.waitUntilIdle()
        return takeResults()
    }

    public func stop() { worker.stop() }
}
