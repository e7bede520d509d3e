import Threading

/// One sentence to say: its id (the caller's), its text, the language of
/// its voice and the rate in words a minute.
public struct SpeechRequest: Sendable, Equatable {
    public let id: Int
    public let text: String
    public let language: String
    public let wordsPerMinute: Int
    public let voice: VoiceKind

    public init(id: Int, text: String, language: String, wordsPerMinute: Int, voice: VoiceKind = .male) {
        self.id = id
        self.text = text
        self.language = language
        self.wordsPerMinute = wordsPerMinute
        self.voice = voice
    }
}

/// Sentences said one after another on a thread of their own, ahead of
/// the one being heard, their PCM kept until it is taken: synthesis never
/// runs on the thread that composes frames.
public final class SpeechQueue: @unchecked Sendable {
    public let sampleRate = SpeechSynthesizer.sampleRate
    private let condition = Condition()
    private var queue: [SpeechRequest] = []
    private var finished: [Int: [Int16]] = [:]
    private var saying: Int?
    /// Why nothing can be said (espeak-ng did not start).
    private var problem: String?

    /// A queue over `synthesizer` and a thread of its own.
    public init(synthesizer: SpeechSynthesizer) throws {
        try DetachedThread.start(name: "speech") { [self] in run(synthesizer) }
    }

    /// A queue whose thread starts espeak-ng (loading its voices takes a
    /// while on a slow board, and a kiosk's first page does not wait for
    /// it); `report` is told in one line when it cannot.
    /// It starts once `gate` opens (at once without one).
    public init(startingOnItsThread report: @escaping @Sendable (String) -> Void, after gate: StartGate? = nil) throws {
        try DetachedThread.start(name: "speech") { [self] in
            gate?.wait()
            guard let synthesizer = SpeechSynthesizer.shared else {
                let problem = Self.noSpeech
                condition.withLock {
                    self.problem = problem
                    condition.broadcast()
                }
                return report(problem)
            }
            run(synthesizer)
        }
    }

    /// Whether sentences can be said (false once espeak-ng failed to start).
    public var isAvailable: Bool { condition.withLock { problem == nil } }

    private static let noSpeech = "no speech: espeak-ng cannot start (is espeak-ng-data installed?)"

    /// A queue over the process's synthesizer; a one-line error when espeak-ng cannot start.
    public convenience init() throws {
        guard let synthesizer = SpeechSynthesizer.shared else { throw SpeechUnavailable(description: Self.noSpeech) }
        try self.init(synthesizer: synthesizer)
    }

    /// Queues sentences after those already queued.
    public func enqueue(_ requests: [SpeechRequest]) {
        condition.withLock {
            queue.append(contentsOf: requests)
            condition.broadcast()
        }
    }

    /// Forgets the queued sentences and the said ones not yet taken (the
    /// one being said is dropped when it is done).
    public func cancelAll() {
        condition.withLock {
            queue.removeAll()
            finished.removeAll()
            saying = nil
        }
    }

    /// The samples of sentence `id` if it is said, without waiting.
    public func take(_ id: Int) -> [Int16]? {
        condition.withLock { finished.removeValue(forKey: id) }
    }

    /// The samples of sentence `id`, waiting while it is said; nil when it
    /// is neither queued nor being said (cancelled).
    public func waitFor(_ id: Int) -> [Int16]? {
        condition.withLock {
            while true {
                if let samples = finished.removeValue(forKey: id) { return samples }
                guard problem == nil, queue.contains(where: { $0.id == id }) || saying == id else { return nil }
                condition.wait()
            }
        }
    }

    private func run(_ synthesizer: SpeechSynthesizer) {
        while true {
            let request: SpeechRequest = condition.withLock {
                while queue.isEmpty { condition.wait() }
                let next = queue.removeFirst()
                saying = next.id
                return next
            }
            let samples = synthesizer.samples(of: request.text, language: request.language,
                                              wordsPerMinute: request.wordsPerMinute, voice: request.voice)
            condition.withLock {
                // Unless it was cancelled meanwhile.
                if saying == request.id { finished[request.id] = samples }
                saying = nil
                condition.broadcast()
            }
        }
    }
}

/// Speech cannot be had on this system, said in one line.
public struct SpeechUnavailable: Error, CustomStringConvertible {
    public let description: String
}
