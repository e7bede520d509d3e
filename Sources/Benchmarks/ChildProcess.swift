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
    /// read to the end, and waits for it to exit.
    static func runSelf(_ arguments: [String]) throws -> Outcome {
        try run("/proc/self/exe", arguments)
    }

    /// Runs `executable` (a path) with `arguments` as `runSelf` does; its
    /// standard error goes where ours does.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "pipe", path: "to the child") { pipe(&pipeEnds) }
        } catch {
            throw BenchmarkError("cannot make a pipe: \(String(cString: strerror(error.errno)))")
        }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }

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
        guard spawned == 0 else { throw BenchmarkError("cannot run \(executable): \(String(cString: strerror(spawned)))") }

        // Read to the end (a failed read ends the output as the end would).
        let childOutput = FileDescriptor(rawValue: readEnd, path: "output of \(executable)")
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while let count = chunk.withUnsafeMutableBytes({ try? childOutput.read(into: $0) }), count > 0 {
            output += chunk[..<count]
        }
        var status: Int32 = 0
        _ = try? Syscall.retrying(operation: "waitpid", path: executable) { waitpid(child, &status, 0) }
        // WIFEXITED/WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: exitCode, output: output)
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
