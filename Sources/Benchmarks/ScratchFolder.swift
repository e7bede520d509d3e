import FoundationEssentials
import Glibc
import LinuxSystem

/// A folder of the benchmark's own under the temporary directory, made
/// empty on request and removed at the end.
struct ScratchFolder {
    let path: String

    init(prefix: String) throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        do throws(SystemError) {
            let made = try Syscall.retryingPointer(operation: "mkdtemp", path: base) {
                template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            }
            path = String(cString: made)
        } catch {
            throw BenchmarkError("cannot make a folder in \(base): \(String(cString: strerror(error.errno)))")
        }
    }

    /// Removes what the folder holds, keeping the folder.
    func empty() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            try? FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
