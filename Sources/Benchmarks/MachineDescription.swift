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
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970-01-01 (proleptic Gregorian).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let year4 = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(year4)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
