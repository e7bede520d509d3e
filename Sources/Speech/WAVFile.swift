import LinuxSystem

/// 16-bit PCM in a RIFF WAVE file: what headless reading aloud writes
/// instead of playing.
public enum WAVFile {
    /// The file's bytes: a 44-byte header, then the samples little-endian.
    public static func bytes(of samples: [Int16], sampleRate: Int, channels: Int = 1) -> [UInt8] {
        let dataSize = samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func text(_ value: String) { bytes += Array(value.utf8) }
        func little(_ value: Int, _ count: Int) { for shift in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) } }
        text("RIFF"); little(36 + dataSize, 4); text("WAVE")
        text("fmt "); little(16, 4); little(1, 2); little(channels, 2); little(sampleRate, 4)
        little(sampleRate * channels * 2, 4); little(channels * 2, 2); little(16, 2)
        text("data"); little(dataSize, 4)
        for sample in samples { little(Int(sample), 2) }
        return bytes
    }

    /// Writes `samples` to `path` whole or not at all (never a torn header).
    public static func write(_ samples: [Int16], sampleRate: Int, to path: String) throws(SystemError) {
        try AtomicFile.replace(path: path, contents: bytes(of: samples, sampleRate: sampleRate), durability: .flushed)
    }
}
