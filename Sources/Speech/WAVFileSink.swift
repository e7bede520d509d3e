import LinuxSystem

/// Audio saved as a WAV file instead of played: the frames are kept and
/// the whole file is written at `drain`, atomically.
public final class WAVFileSink: AudioSink {
    public let path: String
    public let sampleRate: Int
    public let underruns = 0
    private var frames: [Int16] = []

    public init(path: String, sampleRate: Int) {
        self.path = path
        self.sampleRate = sampleRate
    }

    public var framesWritten: Int { frames.count }

    public func write(_ frames: [Int16]) { self.frames.append(contentsOf: frames) }

    public func drain() throws {
        do {
            try WAVFile.write(frames, sampleRate: sampleRate, to: path)
        } catch {
            throw WAVWriteError(description: "cannot write \(path): \(error)")
        }
    }

    public func stop() {}
}

public struct WAVWriteError: Error, CustomStringConvertible {
    public let description: String
}
