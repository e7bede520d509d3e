/// Jobs run one after another on a single thread of their own, in the
/// order added: loading done while the main thread reads the book. One
/// thread, not one per job, so that on a two-core board the main thread
/// keeps a core to itself.
public final class StartupWork: @unchecked Sendable {
    public typealias Job = @Sendable () -> Void
    private var jobs: [Job] = []
    private var started = false

    public init() {}

    /// Adds a job; the caller arranges to wait for its result.
    public func add(_ job: @escaping Job) {
        precondition(!started, "jobs are added before the work starts")
        jobs.append(job)
    }

    /// Starts the jobs on a thread named `name`; without a thread to
    /// spare, runs them now.
    public func start(name: String) {
        precondition(!started, "start-up work starts once")
        started = true
        let queued = jobs
        jobs = []
        let run: Job = { for job in queued { job() } }
        do { try DetachedThread.start(name: name, run) } catch { run() }
    }
}
