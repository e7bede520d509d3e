import Devices
import Glibc
import LinuxDisplay
import LinuxSystem
import Reader
import Threading

/// The reader's idle, measured on the reader loop itself: the loop runs on
/// this thread with a real clock over a display in memory, the page at
/// rest and pagination finished, while a thread of the benchmark's own
/// samples the CPU time and context switches of every other thread of the
/// process from /proc, 10 s apart, and then tells the loop to quit.
enum BenchIdle {
    struct Result {
        var cpuMilliseconds: Double
        var wakeups: Int
        var threads: Int
    }

    /// Runs `loop` (a reader loop on a real clock whose input is `quit`)
    /// and measures `seconds` of it once it has settled.
    static func measure(_ loop: ReaderLoop, quit: QuitInput, seconds: Double = 10) throws -> Result {
        let settled = Handover<Bool>()
        loop.onSettled = { _ in settled.set(true) }
        let outcome = Handover<Result>()
        try DetachedThread.start(name: "idle probe") {
            _ = settled.wait()
            // The catch-up frame after the first and its flip are over well before this.
            sleepMilliseconds(500)
            let me = CurrentThread.kernelID
            let before = ThreadUsage.sample(excluding: me)
            sleepMilliseconds(seconds * 1000)
            let after = ThreadUsage.sample(excluding: me)
            outcome.set(ThreadUsage.difference(before, after))
            quit.fire()
        }
        try loop.run()
        return outcome.wait()
    }

    /// A value one thread sets once and another waits for.
    private final class Handover<Value>: @unchecked Sendable {
        private let condition = Condition()
        private var value: Value?
        func set(_ new: Value) { condition.withLock { if value == nil { value = new }; condition.broadcast() } }
        func wait() -> Value {
            condition.withLock {
                while true {
                    if let value { return value }
                    condition.wait()
                }
            }
        }
    }
}

/// CPU time and context switches of the process's threads, from /proc/self/task.
enum ThreadUsage {
    struct Sample {
        /// Time on a processor (ns, schedstat's first field).
        var runNanoseconds: Int
        /// Voluntary and involuntary context switches.
        var switches: Int
    }

    /// Every thread but `excluded` (a thread id).
    static func sample(excluding excluded: Int) -> [Int: Sample] {
        var samples: [Int: Sample] = [:]
        for name in (try? FileSystem.directoryEntries("/proc/self/task")) ?? [] {
            guard let thread = Int(name), thread != excluded else { continue }
            let folder = "/proc/self/task/\(name)"
            guard let schedstat = try? FileDescriptor.readFile(folder + "/schedstat"),
                  let status = try? FileDescriptor.readFile(folder + "/status") else { continue }
            let run = String(decoding: schedstat, as: UTF8.self).split(separator: " ").first.flatMap { Int($0) } ?? 0
            var switches = 0
            for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                switches += line.split(separator: "\t").last.flatMap { Int($0.trimmingPrefix(" ")) } ?? 0
            }
            samples[thread] = Sample(runNanoseconds: run, switches: switches)
        }
        return samples
    }

    /// What the threads did between two samples; a thread that started
    /// in between counts from zero.
    static func difference(_ before: [Int: Sample], _ after: [Int: Sample]) -> BenchIdle.Result {
        var run = 0, switches = 0
        for (thread, end) in after {
            let start = before[thread] ?? Sample(runNanoseconds: 0, switches: 0)
            run += end.runNanoseconds - start.runNanoseconds
            switches += end.switches - start.switches
        }
        return BenchIdle.Result(cpuMilliseconds: Double(run) / 1_000_000, wakeups: switches, threads: after.count)
    }
}

/// An input source with nothing to say until `fire()` is called from
/// another thread; then it says quit. Its descriptor is a pipe's read end.
final class QuitInput: InputSource, @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "pipe", path: "the idle probe") { pipe(&ends) }
        } catch {
            throw BenchmarkError("cannot make a pipe: \(String(cString: strerror(error.errno)))")
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func fire() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    var pollDescriptors: [Int32] { [readEnd] }
    var nextInputTime: Double? { nil }
    var isExhausted: Bool { false }

    func read(upTo time: Double) -> [InputItem] {
        guard let ready = try? PollSet([readEnd]).waitForReadable(timeout: 0), !ready.isEmpty else { return [] }
        return [.command(.quit, time: time)]
    }

    func drainWarnings() -> [String] { [] }
}
