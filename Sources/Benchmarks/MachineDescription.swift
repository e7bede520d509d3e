import FoundationEssentials
import LinuxSystem
import Reader

/// The machine a run measured on, printed beside its figures: figures
/// from different machines are not compared.
struct MachineDescription: Equatable {
    var cpu: String
    var cores: Int
    var kernel: String

    /// From /proc/cpuinfo and the kernel's release.
    static func current() -> MachineDescription {
        let cpuinfo = (try? FileDescriptor.readFile("/proc/cpuinfo")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let release = (try? FileDescriptor.readFile("/proc/sys/kernel/osrelease"))
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        return MachineDescription(cpuinfo: cpuinfo, kernelRelease: release)
    }

    /// The processor's model name (ARM boards name theirs in other fields)
    /// and the number of processors the kernel lists.
    init(cpuinfo: String, kernelRelease: String) {
        var fields: [String: String] = [:]
        var processors = 0
        for line in cpuinfo.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: " \t"), value = parts[1].trimmingCharacters(in: " \t")
            if key == "processor" { processors += 1 }
            if fields[key] == nil { fields[key] = value }
        }
        cpu = ["model name", "Model", "Hardware", "cpu model", "cpu"].lazy.compactMap { fields[$0] }
            .first { !$0.isEmpty } ?? "unknown"
        cores = processors
        kernel = kernelRelease.trimmingCharacters(in: " \t\n")
    }

    init(cpu: String, cores: Int, kernel: String) {
        self.cpu = cpu
        self.cores = cores
        self.kernel = kernel
    }

    var json: JSONLine {
        var object = JSONLine()
        object.add("cpu", cpu)
        object.add("cores", cores)
        object.add("kernel", kernel)
        return object
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String { self[...].trimmingCharacters(in: set) }
}

/// Dates as ISO 8601 in UTC, to the second: 2026-11-28T02:30:00Z.
enum UTCDate {
    static func iso8601(secondsSinceEpoch seconds: Int) -> String {
        Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
    }
}
