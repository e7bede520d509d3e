/// A thread of its own that does jobs of one kind for another thread,
/// which asks for those it wants now, most wanted first: a new request replaces
/// the jobs still waiting, so a pan or a fast scroll never leaves a queue
/// of work long out of view. Results wait until taken. The thread runs at
/// `niceness`, so that work done ahead yields to the thread composing frames.
public final class LatestJobsWorker<Job: Sendable, Key: Hashable & Sendable, Result: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    private var jobs: [Job] = []
    /// The key of the job being done now.
    private var current: Key?
    private var done: [Result] = []
    private var stopping = false
    public let keyOfJob: @Sendable (Job) -> Key
    public let keyOfResult: @Sendable (Result) -> Key

    /// Starts the thread `name`, which does each job with `work`. A job
    /// and its result are known by their keys.
    public init(name: String, niceness: Int32, key keyOfJob: @escaping @Sendable (Job) -> Key,
         resultKey keyOfResult: @escaping @Sendable (Result) -> Key,
         work: @escaping @Sendable (Job) -> Result) throws {
        self.keyOfJob = keyOfJob
        self.keyOfResult = keyOfResult
        try DetachedThread.start(name: name) { [self] in
            // Failing (a sandbox that forbids it) only leaves the priority as it was.
            try? CurrentThread.setNiceness(niceness)
            run(work)
        }
    }

    /// The jobs to do, in order; those waiting before are dropped, and one
    /// being done, or done and not yet taken, is not done again.
    public func request(_ wanted: [Job]) {
        condition.withLock {
            var asked = Set(done.map(keyOfResult))
            if let current { asked.insert(current) }
            jobs = wanted.filter { !asked.contains(keyOfJob($0)) }
            condition.broadcast()
        }
    }

    /// The results since the last call.
    public func takeResults() -> [Result] {
        condition.withLock {
            defer { done = [] }
            return done
        }
    }

    /// True while jobs wait, one is being done, or results wait to be taken.
    public var isWorking: Bool { condition.withLock { current != nil || !jobs.isEmpty || !done.isEmpty } }

    /// Waits until every job asked for is done.
    public func waitUntilIdle() {
        condition.lock()
        while current != nil || !jobs.isEmpty { condition.wait() }
        condition.unlock()
    }

    public func stop() {
        condition.withLock {
            stopping = true
            jobs = []
            condition.broadcast()
        }
    }

    private func run(_ work: (Job) -> Result) {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            current = keyOfJob(job)
            condition.unlock()
            let result = work(job)
            condition.withLock {
                done.append(result)
                current = nil
                condition.broadcast()
            }
        }
    }
}
