import FoundationEssentials
import Glibc
import LinuxSystem

/// Runs this binary again with other arguments and collects what it prints:
/// the benchmark measures starts in fresh processes.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var output: [UInt8]
    }

    /// Runs /proc/self/exe with `arguments`, its standard output to a pipe
    /// read to the end, and waits for it to exit; under `quota`, when given.
    static func runSelf(_ arguments: [String], quota: CPUQuota? = nil) throws -> Outcome {
        try run("/proc/self/exe", arguments, quota: quota)
    }

    /// Runs `executable` (a path) with `arguments` as `runSelf` does; its
    /// standard error goes where ours does.
    static func run(_ executable: String, _ arguments: [String], quota: CPUQuota? = nil) throws -> Outcome {
        guard let quota else {
            let (child, output) = try spawn(executable, arguments)
            defer { close(output) }
            let bytes = readToEnd(output, from: executable)
            return Outcome(status: reap(child, executable), output: bytes)
        }
        var started: (child: pid_t, output: Int32)?
        defer { if let started { close(started.output) } }
        let bytes = try quota.govern(start: {
            let spawned = try spawn(executable, arguments)
            started = spawned
            return spawned.child
        }, finish: { child in
            let bytes = started.map { readToEnd($0.output, from: executable) } ?? []
            // Exited but not reaped, so the governor cannot signal another process given its id.
            var info = siginfo_t()
            _ = try? Syscall.retrying(operation: "waitid", path: executable) {
                waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT)
            }
            return bytes
        })
        guard let started else { throw BenchmarkError("cannot run \(executable)") }
        return Outcome(status: reap(started.child, executable), output: bytes)
    }

    /// Starts `executable` with its standard output to a pipe; the child and the pipe's read end.
    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (child: pid_t, output: Int32) {
        var pipeEnds: [Int32] = [0, 0]
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "pipe", path: "to the child") { pipe(&pipeEnds) }
        } catch {
            throw BenchmarkError("cannot make a pipe: \(String(cString: strerror(error.errno)))")
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw BenchmarkError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return (child, readEnd)
    }

    /// Reads the child's output to the end (a failed read ends it as the end would).
    private static func readToEnd(_ readEnd: Int32, from executable: String) -> [UInt8] {
        let childOutput = FileDescriptor(rawValue: readEnd, path: "output of \(executable)")
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while let count = chunk.withUnsafeMutableBytes({ try? childOutput.read(into: $0) }), count > 0 {
            output += chunk[..<count]
        }
        return output
    }

    /// Waits for the child and gives its exit code (128 + the signal when a signal ended it).
    private static func reap(_ child: pid_t, _ executable: String) -> Int32 {
        var status: Int32 = 0
        _ = try? Syscall.retrying(operation: "waitpid", path: executable) { waitpid(child, &status, 0) }
        // WIFEXITED/WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// The numbers of the flat JSON object in `output`; other values are left out.
    static func numbers(in output: [UInt8]) throws -> [String: Double] {
        try JSONDecoder().decode(Numbers.self, from: Data(output)).values
    }

    private struct Numbers: Decodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var values: [String: Double] = [:]
        init(from decoder: Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            for key in object.allKeys {
                if let value = try? object.decode(Double.self, forKey: key) { values[key.stringValue] = value }
            }
        }
    }
}
