import CLinux
import Glibc
import LinuxSystem
import Threading

/// `bench --cpu-quota PERCENT`: the benchmark's children limited to that
/// share of one core, as a slow board would give them. Each child is
/// pinned to one processor (inherited from the thread that starts it, so
/// all its threads share it) and given that processor's time by a governor
/// thread that reads the child's CPU clock every half millisecond and
/// stops it (SIGSTOP) while it owes, continuing it (SIGCONT) once its
/// `CPUBudget` is paid back. That works for root and for a user, in a
/// container or not; the kernel's own ways need a cgroup v2 tree with the
/// cpu controller delegated (cpu.max) or SCHED_DEADLINE, whose processes
/// may not start threads.
public struct CPUQuota: Sendable {
    public let percent: Int
    /// The CPU time (ms) a child may run on credit: a quarter of a 10 ms period at 25%.
    var burst: Double { Double(percent) / 10 }
    /// How often the governor looks (ms).
    static let tick = 0.5

    public init(percent: Int) throws {
        guard (1...100).contains(percent) else {
            throw BenchmarkError("--cpu-quota \(percent): a whole percentage of one core from 1 to 100")
        }
        self.percent = percent
    }

    /// Runs `start` (which starts a process and gives its id) pinned to one
    /// processor, a little ahead of other work, then governs that process
    /// until `finish` returns; gives back what `finish` returned.
    func govern<Result>(start: () throws -> pid_t, finish: (pid_t) throws -> Result) throws -> Result {
        var mask = [UInt8](repeating: 0, count: Int(CLinux_affinityMaskSize()))
        let saved = CLinux_saveCurrentThreadAffinity(&mask) == 0
        let niceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(CLinux_currentThreadID()))
        // A slow board's core is the reader's alone: ahead of other processes (when allowed), within its share.
        _ = CLinux_setCurrentThreadNiceness(-5)
        _ = CLinux_pinCurrentThreadToItsProcessor()
        let child: pid_t
        do {
            child = try start()
        } catch {
            if saved { _ = CLinux_restoreCurrentThreadAffinity(mask) }
            _ = CLinux_setCurrentThreadNiceness(niceness)
            throw error
        }
        if saved { _ = CLinux_restoreCurrentThreadAffinity(mask) }
        _ = CLinux_setCurrentThreadNiceness(niceness)
        let governor = Governor(child: child, budget: CPUBudget(share: Double(percent) / 100, burst: burst))
        try DetachedThread.start(name: "cpu-quota") { governor.run() }
        defer { governor.stop() }
        return try finish(child)
    }

    /// The thread that stops and continues one child.
    private final class Governor: @unchecked Sendable {
        let child: pid_t
        private var budget: CPUBudget
        private let state = Condition()
        private var stopping = false
        private var ended = false

        init(child: pid_t, budget: CPUBudget) {
            self.child = child
            self.budget = budget
        }

        func run() {
            var clock = clockid_t()
            guard clock_getcpuclockid(child, &clock) == 0 else { return finished() }
            var running = true
            while !state.withLock({ stopping }) {
                var used = timespec()
                // The child is gone (reaped): nothing left to govern.
                guard clock_gettime(clock, &used) == 0 else { break }
                let processor = Double(used.tv_sec) * 1000 + Double(used.tv_nsec) / 1_000_000
                let may = budget.mayRun(wall: monotonicMilliseconds(), processor: processor)
                if may != running {
                    running = may
                    kill(child, may ? SIGCONT : SIGSTOP)
                }
                sleepMilliseconds(CPUQuota.tick)
            }
            kill(child, SIGCONT)
            finished()
        }

        private func finished() {
            state.withLock {
                ended = true
                state.broadcast()
            }
        }

        /// Ends the governing and waits for the thread, the child left running.
        func stop() {
            state.withLock {
                stopping = true
                while !ended { state.wait() }
            }
            kill(child, SIGCONT)
        }
    }
}
