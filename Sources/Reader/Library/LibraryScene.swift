import Devices
import Gestures
import Raster
import Typesetting

/// The loop's scene when the reader is given a folder: the library, or a
/// book opened from it, one at a time on the glass. A tap on a book opens
/// it at its saved place (the book open before is saved and closed);
/// Library in the book's menu (or `l`) goes back, keeping the book open
/// behind the library so Close (or Escape, or `l`) returns to it at once.
/// Each room draws into a frame of its own; a change of room presents the
/// new room's frame whole.
public final class LibraryScene: ReadingScene {
    public let library: LibraryScreen
    /// The book opened from the library, shown or behind the library.
    public private(set) var book: ReaderSession?
    public private(set) var showsLibrary = true
    /// Opens a book at its saved place, with the reader's settings.
    private let openBook: (String) throws -> ReaderSession
    /// Speech around a book opened, when it is at hand (read aloud, the spoken interface).
    public var speaking: ((ReaderSession) -> SpeechScene)?
    private var speech: SpeechScene?
    /// The open book's speech.
    public var openBookSpeech: SpeechScene? { speech }
    /// The voice the library or its book speaks with (a headless run writes out what it said).
    public var voice: ReadAloud? { spokenLibrary ?? speech?.readAloud }
    /// The voice of the spoken interface, which the library then follows too.
    public var spokenLibrary: ReadAloud?
    private var spokenInterface = SpokenInterface()
    /// The open book's scene: with its speech, when there is one.
    private var bookScene: (any ReadingScene)? {
        if let speech { return speech }
        return book
    }
    /// The next frame presented must carry every row: the room changed.
    private var roomChanged = true
    /// Virtual time: a book opened during a replay finishes its
    /// background work before its first frame, as a run's book does before its first input.
    private var bookJustOpened = false
    private var warnings: [String] = []
    /// The books read since the last idle reset whose highlights and notes
    /// are the visitor's alone (`NOTES=session`): they go at the reset.
    private var visitorNotes: [PlaceKeeper] = []

    public init(library: LibraryScreen, openBook: @escaping (String) throws -> ReaderSession) {
        self.library = library
        self.openBook = openBook
    }

    // MARK: Rooms

    private func perform(_ request: LibraryScreen.Request?) {
        switch request {
        case let .open(entry)?: open(path: entry.path)
        case .close?: if book != nil { show(library: false) }
        case nil: break
        }
    }

    /// Opens the book at `path` at its saved place, as a tap on it in the
    /// list would (the kiosk reopens the book that was open before a reload).
    public func open(path: String) {
        if let book, book.bookPath == path {
            show(library: false)
            return
        }
        closeBook()
        do {
            let opened = try openBook(path)
            opened.offersLibrary = true
            book = opened
            speech = speaking?(opened)
            bookJustOpened = true
            library.opened(path: path)
            library.hasOpenBook = true
            show(library: false)
        } catch {
            let problem = library.catalogue.formats.reason(error)
            library.openingFailed(path: path, problem: problem)
            warnings.append("\(path): cannot be opened: \(problem)")
        }
    }

    private func show(library shown: Bool) {
        if shown, let book {
            speech?.silence()
            book.saveAsRead()
            library.setTheme(book.settings.theme)
            // The book just read goes first; the list shows it at the top.
            library.refresh()
            library.scrollToTop()
        }
        showsLibrary = shown
        library.markNeedsFrame()
        roomChanged = true
    }

    /// Saves and closes the book open, if any.
    private func closeBook() {
        guard let book else { return }
        speech?.silence()
        speech = nil
        book.saveAsRead()
        book.stop()
        if book.notesPolicy == .session, !book.highlights.isEmpty { visitorNotes.append(book.places) }
        self.book = nil
        library.hasOpenBook = false
    }

    /// Shows the library (the book, if one is open, saved and kept behind it).
    public func showLibrary() {
        guard !showsLibrary else { return }
        show(library: true)
    }

    /// A kiosk left untouched goes back to its library, at the top; the
    /// book that was open is saved and closed, keeping its place (the
    /// library shows its progress, and whoever comes back resumes it). With
    /// `NOTES=session` the highlights and notes made in every book read
    /// since the last reset go.
    public func resetForIdle(at time: Double) {
        closeBook()
        library.closeCatalogs()
        library.resetLanguageChoice()
        for keeper in visitorNotes {
            if let warning = keeper.eraseSavedHighlights() { warnings.append(warning) }
        }
        visitorNotes = []
        library.refresh()
        library.scrollToTop()
        showsLibrary = true
        library.markNeedsFrame()
        roomChanged = true
    }

    /// The book asked for the library (its menu, `l`).
    private func followBookRequests() {
        if let book, !showsLibrary, book.takeLibraryRequest() { showLibrary() }
    }

    // MARK: LoopScene

    public var tapZonesEnabled: Bool { showsLibrary || book == nil ? false : bookScene?.tapZonesEnabled ?? false }

    public func handle(_ events: [GestureEvent]) {
        guard showsLibrary || book == nil else {
            bookScene?.handle(events)
            followBookRequests()
            return
        }
        for event in events {
            for passed in spoken(event) {
                perform(library.handle(passed))
                // The rest of a batch that changed rooms belongs to no room.
                if !showsLibrary { return }
            }
        }
    }

    public func handle(_ command: ReaderCommand, at time: Double) throws {
        guard showsLibrary || book == nil else {
            try bookScene?.handle(command, at: time)
            followBookRequests()
            return
        }
        perform(library.handle(command, at: time))
    }

    public var takesTyping: Bool { showsLibrary || book == nil ? library.takesTyping : book?.takesTyping == true }

    public func type(_ key: TypedKey, at time: Double) {
        guard !showsLibrary else { return library.type(key, at: time) }
        book?.type(key, at: time)
    }

    public func advance(to time: Double) -> Bool {
        let changed = showsLibrary || book == nil ? library.advance(to: time) : book?.advance(to: time) ?? false
        return changed || roomChanged
    }

    /// A book's speech goes on only while it shows; the library's while the library does.
    public func nextTimedWorkTime(after time: Double) -> Double? {
        showsLibrary || book == nil ? spokenLibrary?.nextDueTime(after: time / 1000).map { $0 * 1000 }
            : speech?.nextTimedWorkTime(after: time)
    }

    public func doTimedWork(at time: Double) -> Bool {
        guard showsLibrary || book == nil else { return speech?.doTimedWork(at: time) ?? false }
        _ = spokenLibrary?.advance(to: time / 1000)
        return false
    }

    /// A gesture in the library through the spoken interface's rules (a
    /// touch says the book, a double tap opens it): what goes on to the library.
    private func spoken(_ event: GestureEvent) -> [GestureEvent] {
        guard let voice = spokenLibrary else { return [event] }
        var passed: [GestureEvent] = []
        for action in spokenInterface.actions(for: event, controls: library.controls, onPage: false,
                                              screenWidth: Double(library.frame.width)) {
            switch action {
            case let .pass(event): passed.append(event)
            case let .say(words): voice.say(words, language: library.catalog.code, at: event.time / 1000)
            case .readFrom: break
            }
        }
        return passed
    }

    public var composedFrame: PixelBuffer? {
        showsLibrary || book == nil ? library.frame : book?.composedFrame
    }

    public func takeDamage() -> FrameDamage {
        let height = composedFrame?.height ?? 0
        let roomDamage = showsLibrary || book == nil ? FrameDamage.all(rows: height) : book?.takeDamage()
        if roomChanged {
            roomChanged = false
            return .all(rows: height)
        }
        return roomDamage ?? .all(rows: height)
    }

    public var isMoving: Bool { showsLibrary || book == nil ? library.isMoving : book?.isMoving ?? false }

    /// In the library: covers of rows near the screen being found.
    public var hasBackgroundWork: Bool {
        showsLibrary || book == nil ? library.hasBackgroundWork : book?.hasBackgroundWork ?? false
    }

    public func waitForFrameWork() {
        guard !showsLibrary, let book else { return library.finishBackgroundWork() }
        if bookJustOpened {
            bookJustOpened = false
            book.finishBackgroundWork()
        } else {
            book.waitForFrameWork()
        }
    }

    public func finishBackgroundWork() {
        bookJustOpened = false
        library.finishBackgroundWork()
        book?.finishBackgroundWork()
    }

    public var restingDescription: String {
        showsLibrary || book == nil ? "presented the " + library.screenName : book?.restingDescription ?? ""
    }

    /// The book on screen, if one is, and the books listed.
    public var status: SceneStatus {
        var status = showsLibrary ? SceneStatus() : book?.status ?? SceneStatus()
        status.libraryBooks = library.entries.count
        return status
    }

    public var screenName: String { showsLibrary || book == nil ? library.screenName : book?.screenName ?? "library" }

    /// In the library Escape goes back to the book open behind it, and quits when there is none;
    /// in the catalogs it goes back a step.
    public var escapeQuits: Bool {
        showsLibrary || book == nil ? !library.hasOpenBook && library.catalogs == nil : book?.escapeQuits ?? true
    }

    public var watchedDescriptors: [Int32] { library.folder.fileDescriptor.map { [$0] } ?? [] }

    public func nextWatchTime(after time: Double) -> Double? { library.folder.nextCheck(after: time) }

    /// The folder's changes reach the list at once; the glass only while the library shows.
    public func checkWatches(at time: Double) -> Bool {
        library.followFolder(at: time) && showsLibrary
    }

    public func drainWarnings() -> [String] {
        defer { warnings = [] }
        return warnings + (book?.drainWarnings() ?? [])
    }

    /// Saves the open book's place now if its view rests (on exit).
    public func saveNow() { book?.saveNow() }

    public func stop() {
        library.stop()
        speech?.silence()
        book?.stop()
    }

    /// The headless reader's final line: the book's when one shows, else
    /// the library's (`screen`, `books`; with `describing`, `book` null,
    /// `theme` and the controls).
    public func summary(describing: Bool) -> JSONLine {
        if !showsLibrary, let scene = bookScene { return scene.summary(describing: describing) }
        var result = JSONLine()
        result.add("screen", library.screenName)
        result.add("books", library.entries.count)
        if describing {
            result.addNull("book")
            result.add("theme", library.theme.name)
            result.add("controls", objects: library.controls.map(\.json))
        }
        return result
    }
}
