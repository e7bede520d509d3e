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

    /// The median of `count` samples taken one after another.
    static func median(of count: Int, _ sample: () throws -> Double) rethrows -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count { samples.append(try sample()) }
        return median(samples)
    }

    /// Times `body` `count` times and returns the median in ms.
    static func medianTime(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
        try median(of: count) {
            let start = monotonicMilliseconds()
            try body()
            return monotonicMilliseconds() - start
        }
    }

    /// The middle sample (the lower middle one of an even count), 0 for none.
    static func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }

    /// Times `first` and `second` alternately `count` times each and
    /// returns both medians in ms: on a busy machine both then meet the same
    /// load, and their ratio means something.
    static func interleavedMedians(_ count: Int, _ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
        let timed = interleavedRatio(count, first, second)
        return (timed.first, timed.second)
    }

    /// As `interleavedMedians`, with the median of each pair's ratio
    /// (first over second): a pair runs back to back, so what slows the
    /// machine for a while (another process's memory traffic) slows both
    /// sides of it, and the ratio of the pair keeps what the code costs.
    static func interleavedRatio(_ count: Int, _ first: () -> Void,
                                 _ second: () -> Void) -> (first: Double, second: Double, ratio: Double) {
        var firstSamples: [Double] = [], secondSamples: [Double] = [], ratios: [Double] = []
        for _ in 0..<count {
            var start = monotonicMilliseconds()
            first()
            let one = monotonicMilliseconds() - start
            start = monotonicMilliseconds()
            second()
            let other = monotonicMilliseconds() - start
            firstSamples.append(one)
            secondSamples.append(other)
            ratios.append(one / max(other, 0.0001))
        }
        return (median(firstSamples), median(secondSamples), median(ratios))
    }

    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}
