import CALSA
import Threading

/// Audio played on an ALSA device (`AUDIO_DEVICE=`, else "default") from a
/// thread of its own: `write` only queues, so the reader's loop never waits
/// for the card. Underruns are counted and recovered with snd_pcm_recover.
public final class ALSASink: AudioSink, @unchecked Sendable {
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    public let sampleRate: Int
    private let pcm: OpaquePointer
    private let condition = Condition()
    private var pending: [[Int16]] = []
    private var playing = false
    private var written = 0
    private var underrunCount = 0

    /// Opens `device` for 16-bit mono playback at `sampleRate`; fails with
    /// a one-line reason when there is no such card.
    public init(device: String = "default", sampleRate: Int) throws {
        var handle: OpaquePointer?
        var result = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard result >= 0, let handle else {
            throw OpenError(description: "no sound: cannot open ALSA device \"\(device)\" (\(String(cString: snd_strerror(result))))")
        }
        // A tenth of a second of latency: a paused sentence stops soon enough.
        result = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, 100_000)
        guard result >= 0 else {
            snd_pcm_close(handle)
            throw OpenError(description: "no sound: ALSA device \"\(device)\" cannot play 16-bit mono at \(sampleRate) Hz (\(String(cString: snd_strerror(result))))")
        }
        pcm = handle
        self.sampleRate = sampleRate
        do {
            try DetachedThread.start(name: "audio") { [self] in run() }
        } catch {
            snd_pcm_close(handle)
            throw OpenError(description: "\(error)")
        }
    }

    public var framesWritten: Int { condition.withLock { written } }
    public var underruns: Int { condition.withLock { underrunCount } }

    public func write(_ frames: [Int16]) {
        guard !frames.isEmpty else { return }
        condition.withLock { pending.append(frames); written += frames.count }
        condition.broadcast()
    }

    public func drain() throws {
        condition.withLock { while !pending.isEmpty || playing { condition.wait() } }
        snd_pcm_drain(pcm)
    }

    public func stop() {
        condition.withLock { pending.removeAll() }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
    }

    private func run() {
        while true {
            let frames: [Int16] = condition.withLock {
                while pending.isEmpty { playing = false; condition.broadcast(); condition.wait() }
                playing = true
                return pending.removeFirst()
            }
            var offset = 0
            while offset < frames.count {
                // Never empty (write drops empty buffers), so its base address exists.
                let result = frames.withUnsafeBufferPointer {
                    snd_pcm_writei(pcm, $0.baseAddress! + offset, snd_pcm_uframes_t(frames.count - offset))
                }
                if result >= 0 { offset += Int(result); continue }
                if result == -Int(EPIPE) { condition.withLock { underrunCount += 1 } }
                if snd_pcm_recover(pcm, Int32(result), 1) < 0 { break }
            }
        }
    }
}
