/// A sink that keeps nothing: a headless run reading aloud with no file to
/// write still keeps the timeline (which sentence is said when).
public final class DiscardingSink: AudioSink {
    public let sampleRate: Int
    public private(set) var framesWritten = 0
    public let underruns = 0

    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    public func write(_ frames: [Int16]) { framesWritten += frames.count }
    public func drain() throws {}
    public func stop() {}
}
