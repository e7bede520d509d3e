import CSpeechLoader
import LinuxSystem
import Threading

/// Audio played on an ALSA device from a thread of its own: `write` only
/// queues, so the reader's loop never waits for the card. The device is
/// opened on that thread, tried again after 1, 2, 4 and 8 s and so on for
/// `cardWait` (a kiosk starts before udev has loaded the sound card's
/// driver; the waits grow so that a kiosk with no card rests); frames written
/// before it opens are dropped. Underruns are counted and recovered with
/// snd_pcm_recover.
public final class ALSASink: AudioSink, @unchecked Sendable {
    /// How long after the start a missing card is waited for, in ms.
    public static let cardWait = 30_000.0
    /// The first wait before opening again, doubled after each try up to `longestRetry`.
    static let retryInterval = 1_000.0
    static let longestRetry = 8_000.0

    public let sampleRate: Int
    public let device: String
    private let condition = Condition()
    private var pcm: OpaquePointer?
    private var pending: [[Int16]] = []
    private var playing = false
    private var written = 0
    private var underrunCount = 0

    /// Starts the sink's thread, which opens `device` for 16-bit mono at
    /// `sampleRate` and tells `report` in one line when it did or, after
    /// `wait` ms, why it could not. With `gate`, the thread first waits for it to open.
    public init(device: String = "default", sampleRate: Int, waitingForTheCard wait: Double = cardWait,
                after gate: StartGate? = nil, report: @escaping @Sendable (String) -> Void) throws {
        self.device = device
        self.sampleRate = sampleRate
        try DetachedThread.start(name: "audio") { [self] in
            gate?.wait()
            guard ebookfb_alsa_load() == 1 else { return report("no sound: alsa-lib (libasound.so.2) is not installed") }
            let started = monotonicMilliseconds()
            var retry = Self.retryInterval
            while true {
                switch open() {
                case let .success(handle):
                    condition.withLock { pcm = handle }
                    report("speech: espeak-ng on ALSA device \(device)")
                    return play(handle)
                case let .failure(problem):
                    guard monotonicMilliseconds() - started < wait else { return report(problem.description) }
                    sleepMilliseconds(min(retry, max(0, started + wait - monotonicMilliseconds())))
                    retry = min(2 * retry, Self.longestRetry)
                }
            }
        }
    }

    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The device opened for playback, a tenth of a second of latency (a paused sentence stops soon enough).
    private func open() -> Result<OpaquePointer, OpenError> {
        var handle: OpaquePointer?
        var result = ebookfb_snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard result >= 0, let handle else {
            return .failure(OpenError(description: "no sound: cannot open ALSA device \"\(device)\" (\(String(cString: ebookfb_snd_strerror(result))))"))
        }
        result = ebookfb_snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, 100_000)
        guard result >= 0 else {
            ebookfb_snd_pcm_close(handle)
            return .failure(OpenError(description: "no sound: ALSA device \"\(device)\" cannot play 16-bit mono at \(sampleRate) Hz "
                                      + "(\(String(cString: ebookfb_snd_strerror(result))))"))
        }
        return .success(handle)
    }

    /// The card is open.
    public var isAvailable: Bool { condition.withLock { pcm != nil } }
    public var framesWritten: Int { condition.withLock { written } }
    public var underruns: Int { condition.withLock { underrunCount } }

    public func write(_ frames: [Int16]) {
        guard !frames.isEmpty else { return }
        condition.withLock {
            written += frames.count
            guard pcm != nil else { return }
            pending.append(frames)
            condition.broadcast()
        }
    }

    public func drain() throws {
        let handle: OpaquePointer? = condition.withLock {
            while !pending.isEmpty || playing { condition.wait() }
            return pcm
        }
        if let handle { ebookfb_snd_pcm_drain(handle) }
    }

    public func stop() {
        let handle: OpaquePointer? = condition.withLock {
            pending.removeAll()
            return pcm
        }
        guard let handle else { return }
        ebookfb_snd_pcm_drop(handle)
        ebookfb_snd_pcm_prepare(handle)
    }

    private func play(_ pcm: OpaquePointer) {
        while true {
            let frames: [Int16] = condition.withLock {
                while pending.isEmpty {
                    playing = false
                    condition.broadcast()
                    condition.wait()
                }
                playing = true
                return pending.removeFirst()
            }
            var offset = 0
            while offset < frames.count {
                // Never empty (write drops empty buffers), so its base address exists.
                let result = frames.withUnsafeBufferPointer {
                    ebookfb_snd_pcm_writei(pcm, $0.baseAddress! + offset, snd_pcm_uframes_t(frames.count - offset))
                }
                if result >= 0 {
                    offset += Int(result)
                    continue
                }
                if result == -Int(EPIPE) { condition.withLock { underrunCount += 1 } }
                if ebookfb_snd_pcm_recover(pcm, Int32(result), 1) < 0 { break }
            }
        }
    }
}
