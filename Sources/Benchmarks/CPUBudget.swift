/// A share of one core for a process, as a budget of CPU time: it earns
/// `share` ms of CPU each ms of wall time, holds at most `burst` ms, and
/// is stopped while it owes. The kernel's CFS bandwidth control (a cgroup's
/// cpu.max, its quota over its period) works the same way; `burst` plays
/// the quota's part. Pure: the times are given.
struct CPUBudget: Equatable {
    /// The share of one core, 0 < share <= 1.
    let share: Double
    /// The most CPU time (ms) it may run on credit after a rest.
    let burst: Double
    /// CPU time (ms) it may still use; negative while it owes.
    private(set) var balance: Double
    private var last: (wall: Double, processor: Double)?

    init(share: Double, burst: Double) {
        self.share = share
        self.burst = burst
        balance = burst
    }

    static func == (lhs: CPUBudget, rhs: CPUBudget) -> Bool {
        lhs.share == rhs.share && lhs.burst == rhs.burst && lhs.balance == rhs.balance
    }

    /// Whether the process may run, given the wall clock and the CPU time
    /// it has used in all (both in ms, each never going back).
    mutating func mayRun(wall: Double, processor: Double) -> Bool {
        if let last {
            let earned = share * (wall - last.wall), spent = processor - last.processor
            balance = min(burst, balance + earned - spent)
        }
        last = (wall, processor)
        return balance >= 0
    }
}
