import FoundationEssentials
import Glibc
import LinuxSystem

/// CPU time, memory and statistics for the benchmark. Wall time comes from
/// `monotonicMilliseconds()`, which is system-wide, so a parent's stamp
/// before spawning a child and the child's own reading measure one interval.
enum BenchClock {
    /// CPU time (user + system) used by this process, in ms.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ value: timeval) -> Double { Double(value.tv_sec) * 1000 + Double(value.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// A field of /proc/self/status in MB (VmRSS, VmHWM).
    static func statusMegabytes(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    /// Times `body` `count` times and returns the median in ms.
    static func median(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = monotonicMilliseconds()
            try body()
            samples.append(monotonicMilliseconds() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Times `first` and `second` alternately `count` times each and
    /// returns both medians in ms: on a busy machine both then meet the same
    /// load, and their ratio means something.
    static func interleavedMedians(_ count: Int, _ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
        var firstSamples: [Double] = [], secondSamples: [Double] = []
        for _ in 0..<count {
            var start = monotonicMilliseconds()
            first()
            firstSamples.append(monotonicMilliseconds() - start)
            start = monotonicMilliseconds()
            second()
            secondSamples.append(monotonicMilliseconds() - start)
        }
        return (percentile(firstSamples, 0.5), percentile(secondSamples, 0.5))
    }

    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
