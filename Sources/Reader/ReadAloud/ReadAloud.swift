import BookModel
import Speech

/// Reading the book aloud: the sentences from a place on are said by the
/// synthesizer and handed to the sink as time passes. It owns its state;
/// the loop drives it with the time and learns which sentence is being said.
/// Audio is handed over ahead of the time by `lead` (a sound card's queue);
/// a sink that records the timeline (a WAV file) gets silence where nothing
/// is said, and in virtual time (`waitsForSynthesis`) a sentence is never late.
public final class ReadAloud {
    public enum State: Equatable { case idle, reading, paused }

    let synthesizer: SpeechQueue
    let sink: AudioSink
    let waitsForSynthesis: Bool
    let fillsSilence: Bool
    let lead: Double
    var wordsPerMinute = SpeechSynthesizer.defaultRate
    var voice = VoiceKind.male
    public private(set) var state = State.idle
    private var plan: SentencePlan?
    /// The sentence being said (an index into the plan), -1 before the first.
    private var current = -1
    private var samples: [Int16] = []
    private var played = 0
    private var queuedThrough = -1
    /// Each start gets its own request ids so a cancelled sentence is never taken for a new one.
    private var generation = 0
    private var origin: Double?
    private var handedFrames = 0
    /// Time (this loop's clock) the latest sentence's first frame was handed over.
    private(set) var sentenceStartTime: Double?

    /// Sentences queued ahead of the one said, so the next is ready when it ends.
    static let queuedAhead = 3
    /// How often audio is handed over while reading.
    static let interval = 0.05

    /// In virtual time (a headless run) the timeline must not depend on how
    /// fast the machine synthesizes: it waits for each sentence, and silence
    /// is written where nothing is said; in real time a sound card's queue
    /// is kept a quarter of a second ahead.
    public convenience init(synthesizer: SpeechQueue, sink: AudioSink, virtualTime: Bool) {
        self.init(synthesizer: synthesizer, sink: sink, waitsForSynthesis: virtualTime, fillsSilence: virtualTime,
                  lead: virtualTime ? 0 : 0.25)
    }

    public init(synthesizer: SpeechQueue, sink: AudioSink, waitsForSynthesis: Bool, fillsSilence: Bool, lead: Double) {
        self.synthesizer = synthesizer
        self.sink = sink
        self.waitsForSynthesis = waitsForSynthesis
        self.fillsSilence = fillsSilence
        self.lead = lead
    }

    /// Speech can be heard: espeak-ng started and the sound card is open.
    public var isAvailable: Bool { synthesizer.isAvailable && sink.isAvailable }

    /// The characters of the sentence being said (or paused in).
    public var spokenRange: Range<Int>? {
        guard state != .idle, let plan, plan.sentences.indices.contains(current) else { return nil }
        return plan.sentences[current].range
    }

    /// Whether what is being said is the book (not words of the interface).
    public var readsBook: Bool { state != .idle && plan?.book != nil }

    /// Starts reading at the sentence holding `offset`, at `time`.
    public func start(book: Book, from offset: Int, at time: Double) {
        begin(SentencePlan(book: book, from: offset), at: time)
    }

    /// Says `text` (words of the interface) at `time`, in place of
    /// whatever was being said.
    public func say(_ text: String, language: String, at time: Double) {
        begin(SentencePlan(saying: text, language: language), at: time)
    }

    /// `plan` in place of whatever was being said, from its first sentence.
    private func begin(_ plan: SentencePlan, at time: Double) {
        stopSaying()
        self.plan = plan
        current = -1
        queuedThrough = -1
        state = .reading
        if origin == nil { origin = time }
        queueAhead()
    }

    public func pause() {
        guard state == .reading else { return }
        state = .paused
        if !fillsSilence { sink.stop() }
    }

    public func resume() {
        guard state == .paused else { return }
        state = .reading
    }

    /// A new speed: sentences not yet said are said again at it.
    public func setWordsPerMinute(_ value: Int) {
        let range = SpeechSynthesizer.wordsPerMinuteRange
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        guard clamped != wordsPerMinute else { return }
        wordsPerMinute = clamped
        queueUnsaidAgain()
    }

    /// Another voice: sentences not yet said are said again in it.
    public func setVoice(_ kind: VoiceKind) {
        guard kind != voice else { return }
        voice = kind
        queueUnsaidAgain()
    }

    /// The sentences after the one being said, asked for again (a new speed or voice).
    private func queueUnsaidAgain() {
        synthesizer.cancelAll()
        generation += 1
        queuedThrough = current
        queueAhead()
    }

    /// When audio is next due to be handed over.
    public func nextDueTime(after time: Double) -> Double? {
        state == .reading ? time + Self.interval : nil
    }

    /// Hands the sink the audio due by `time` (plus the lead); true when
    /// another sentence started (or reading ended).
    public func advance(to time: Double) -> Bool {
        guard let origin else { return false }
        let due = Int(((time + lead - origin) * Double(sink.sampleRate)).rounded(.down))
        var need = due - handedFrames
        var changed = false
        while need > 0 {
            guard state == .reading else {
                handSilence(need)
                break
            }
            if played < samples.count {
                let count = min(need, samples.count - played)
                sink.write(Array(samples[played..<(played + count)]))
                played += count
                handedFrames += count
                need -= count
                continue
            }
            guard let spoken = nextSentence() else {
                if state == .reading { handSilence(need) }  // live: the next sentence is late
                break
            }
            samples = spoken
            played = 0
            changed = true
            sentenceStartTime = origin + Double(handedFrames) / Double(sink.sampleRate) - lead
        }
        if state == .idle, current >= 0 { changed = true; current = -1 }
        return changed
    }

    /// Hands over the audio due by `time` and then stops reading (the end of a run).
    /// With `completingSentence`, the rest of the sentence begun (or due
    /// next) is handed over too: a run that ends on a touch still says
    /// what the touch asked for.
    public func finish(at time: Double, completingSentence: Bool = false) throws {
        _ = advance(to: time)
        if completingSentence, state == .reading {
            if played >= samples.count, let next = nextSentence() {
                samples = next
                played = 0
            }
            if played < samples.count {
                sink.write(Array(samples[played...]))
                handedFrames += samples.count - played
                played = samples.count
            }
        }
        try sink.drain()
    }

    /// The next sentence's samples; nil when it is not said yet (live) or the book ended (state goes idle).
    private func nextSentence() -> [Int16]? {
        guard var plan else { state = .idle; return nil }
        plan.extend(toAtLeast: current + 2)
        self.plan = plan
        let next = current + 1
        guard plan.sentences.indices.contains(next) else { state = .idle; return nil }
        let id = requestID(next)
        let spoken = waitsForSynthesis ? synthesizer.waitFor(id) : synthesizer.take(id)
        guard let spoken else {
            if waitsForSynthesis { queuedThrough = next - 1; queueAhead() }  // cancelled: asked again
            return nil
        }
        current = next
        queueAhead()
        return spoken
    }

    private func queueAhead() {
        guard var plan else { return }
        let last = current + Self.queuedAhead
        plan.extend(toAtLeast: last + 1)
        self.plan = plan
        guard queuedThrough < last else { return }
        let from = queuedThrough + 1, through = min(last, plan.sentences.count - 1)
        guard from <= through else { return }
        synthesizer.enqueue((from...through).map { index in
            let sentence = plan.sentences[index]
            return SpeechRequest(id: requestID(index), text: sentence.text, language: sentence.language, wordsPerMinute: wordsPerMinute,
                                 voice: voice)
        })
        queuedThrough = through
    }

    private func requestID(_ index: Int) -> Int { generation << 40 | index }

    private func handSilence(_ count: Int) {
        guard count > 0 else { return }
        if fillsSilence { sink.write([Int16](repeating: 0, count: count)) }
        handedFrames += count
    }

    private func stopSaying() {
        synthesizer.cancelAll()
        generation += 1
        samples = []
        played = 0
        if !fillsSilence { sink.stop() }
    }
}
