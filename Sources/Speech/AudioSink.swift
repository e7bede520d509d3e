/// Where spoken PCM goes: 16-bit mono frames at `sampleRate`. Writing never
/// blocks the caller for long (a sink with a device plays on its own thread).
public protocol AudioSink: AnyObject {
    var sampleRate: Int { get }
    /// Frames handed over so far.
    var framesWritten: Int { get }
    /// Times the device ran out of frames and was recovered.
    var underruns: Int { get }
    func write(_ frames: [Int16])
    /// Plays or saves what was written, waiting until it is done.
    func drain() throws
    /// Drops what was not played yet.
    func stop()
    /// Frames written now are heard (false while a sound card is not open).
    var isAvailable: Bool { get }
}

extension AudioSink {
    public var isAvailable: Bool { true }
}
