import Devices
import Geometry
import Gestures
import Raster
import Speech

/// The reader session with speech: the loop's scene, passing everything
/// to the session and adding the speech handed to the sink as time passes,
/// the spoken sentence marked on the page, pages turned as speech passes
/// their end, and a touch on the page pausing; with the spoken interface,
/// touches say what they touch and double taps activate.
public final class SpeechScene: ReadingScene {
    public let session: ReaderSession
    public let readAloud: ReadAloud
    private var spokenInterface: SpokenInterface?
    /// A headless run's end (--run-for), in the loop's ms: reading stops there, so the run does.
    public var stopsReadingAt: Double?
    /// This book was read from: a pause in it is resumed (the voice may be shared with other books).
    private var hasRead = false

    /// `readAloud` may be shared: a library's books and the library itself speak with one voice.
    public init(session: ReaderSession, readAloud: ReadAloud, spokenInterface: Bool = false) {
        self.session = session
        self.readAloud = readAloud
        self.spokenInterface = spokenInterface ? SpokenInterface() : nil
        session.resources.speech = SpeechOffer(isAvailable: { readAloud.isAvailable }) { [weak self] time in
            self?.startReading(at: time)
        }
    }

    public convenience init(session: ReaderSession, synthesizer: SpeechQueue, sink: AudioSink, virtualTime: Bool,
                            spokenInterface: Bool = false) {
        self.init(session: session, readAloud: ReadAloud(synthesizer: synthesizer, sink: sink, virtualTime: virtualTime),
                  spokenInterface: spokenInterface)
    }

    /// Times given by the loop are its ms.
    /// Reads from the first sentence of the page on screen (or resumes where paused).
    public func startReading(at time: Double) {
        if hasRead, readAloud.state == .paused, readAloud.readsBook { return readAloud.resume() }
        startReading(from: session.currentOffset, at: time)
    }

    /// Reads from the sentence holding `offset`, at `time` (ms).
    func startReading(from offset: Int, at time: Double) {
        hasRead = true
        readAloud.start(book: session.book, from: offset, at: time / 1000)
        _ = doTimedWork(at: time)
    }

    public var isReading: Bool { readAloud.state == .reading }

    /// The sentence being read, for the state's `reading_aloud`.
    public var spokenRange: Range<Int>? { readAloud.spokenRange }

    /// Hands over the audio due by `time` and writes out what a recording sink holds.
    /// A run ended by its input rather than --run-for still says what its last touch asked for.
    public func finish(at time: Double) throws {
        try readAloud.finish(at: time / 1000, completingSentence: stopsReadingAt == nil)
    }

    /// The headless final line with `reading_aloud`.
    public func summary(describing: Bool) -> JSONLine {
        var line = session.summary(describing: describing)
        if let range = spokenRange {
            var object = JSONLine()
            object.add("start", range.lowerBound)
            object.add("end", range.upperBound)
            line.add("reading_aloud", object: object)
        } else {
            line.addNull("reading_aloud")
        }
        return line
    }

    public func nextTimedWorkTime(after time: Double) -> Double? {
        guard let due = readAloud.nextDueTime(after: time / 1000).map({ $0 * 1000 }) else { return nil }
        return stopsReadingAt.map { min(due, $0) } ?? due
    }

    public func doTimedWork(at givenTime: Double) -> Bool {
        let time = stopsReadingAt.map { min(givenTime, $0) } ?? givenTime
        defer { if let end = stopsReadingAt, time >= end { readAloud.pause() } }
        if let choice = session.resources.speech?.choice {
            readAloud.setWordsPerMinute(choice.wordsPerMinute)
            readAloud.setVoice(choice.voice)
        }
        // The loop's time is in ms, speech's in seconds.
        var changed = readAloud.advance(to: time / 1000)
        if session.annotations.spokenSentence != readAloud.spokenRange {
            session.annotations.spokenSentence = readAloud.spokenRange
            session.needsFrame = true
            changed = true
        }
        // Speech went past the page on screen: turn to it as a tap would.
        if let spoken = readAloud.spokenRange, spoken.lowerBound >= session.offsetRange.upperBound, !session.controller.isAnimating {
            session.takeInWholeBook(waiting: false)
            session.syncPages(neighbours: true)
            session.controller.turn(by: 1, at: time)
            changed = true
        }
        return changed
    }

    // MARK: The session's scene

    /// With the spoken interface every tap waits to be told from a double tap.
    public var tapZonesEnabled: Bool { spokenInterface == nil && session.tapZonesEnabled }

    public func handle(_ events: [GestureEvent]) {
        if spokenInterface != nil { return handleSpoken(events) }
        // A touch on the page pauses reading; it does nothing else then.
        if readAloud.state == .reading, readAloud.readsBook, session.screenName == "reading",
           events.contains(where: { if case .fingerDown = $0.kind { true } else { false } }) {
            readAloud.pause()
            return
        }
        session.handle(events)
    }

    /// The gestures through the spoken interface's rules.
    private func handleSpoken(_ events: [GestureEvent]) {
        for event in events {
            let controls = session.openScreen.describedControls(host: session)
            let actions = spokenInterface?.actions(for: event, controls: controls, onPage: session.screenName == "reading",
                                                   screenWidth: Double(session.settings.geometry.width)) ?? []
            for action in actions {
                switch action {
                case let .pass(event): session.handle([event])
                case let .say(words):
                    readAloud.say(words, language: session.resources.catalog.code, at: event.time / 1000)
                case let .readFrom(point):
                    if let offset = textOffset(atScreen: point) { startReading(from: offset, at: event.time) }
                }
            }
        }
    }

    /// The character under a point of the screen on the page shown, if text is there.
    private func textOffset(atScreen point: Point) -> Int? {
        let pages = session.knownPages
        guard let pagePoint = session.controller.pagePoint(atScreen: point), pages.pages.indices.contains(session.currentPage) else {
            return nil
        }
        return session.renderer.typesetter.layoutSpread(session.currentSpread, of: pages).text.offset(atX: pagePoint.x, y: pagePoint.y)
    }

    public func handle(_ command: ReaderCommand, at time: Double) throws { try session.handle(command, at: time) }
    public var takesTyping: Bool { session.takesTyping }
    public func type(_ key: TypedKey, at time: Double) { session.type(key, at: time) }
    public func advance(to time: Double) -> Bool { session.advance(to: time) }
    public var composedFrame: PixelBuffer? { session.composedFrame }
    public func takeDamage() -> FrameDamage { session.takeDamage() }
    public var isMoving: Bool { session.isMoving }
    public var hasBackgroundWork: Bool { session.hasBackgroundWork }
    public func waitForFrameWork() { session.waitForFrameWork() }
    public func finishBackgroundWork() { session.finishBackgroundWork() }
    public var restingDescription: String { session.restingDescription }
    public var screenName: String { session.screenName }
    public var status: SceneStatus { session.status }
    public var escapeQuits: Bool { session.escapeQuits }
    public var watchedDescriptors: [Int32] { session.watchedDescriptors }
    public func nextWatchTime(after time: Double) -> Double? { session.nextWatchTime(after: time) }
    public func checkWatches(at time: Double) -> Bool { session.checkWatches(at: time) }
    public func drainWarnings() -> [String] { session.drainWarnings() }
    /// Speech stops (the book is put away); the session goes on.
    public func silence() { readAloud.pause() }

    public func resetForIdle(at time: Double) { readAloud.pause(); session.resetForIdle(at: time) }
    public var composesStraight: Bool {
        get { session.composesStraight }
        set { session.composesStraight = newValue }
    }
    public func compose(into target: ScanoutTarget) -> FrameDamage? { session.compose(into: target) }
    public func didShowRestingFrame() { session.didShowRestingFrame() }
    public func saveNow() { session.saveNow() }
    public func stop() { readAloud.pause(); session.stop() }
}
