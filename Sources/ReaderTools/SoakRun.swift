import Devices
import FoundationEssentials
import Reader

/// Turns pages for a long time through the reader loop, in virtual time:
/// page turns forward and back across the book, zooms in and out and font
/// size changes, each given to the loop as a key would be once the view
/// has come to rest. Memory and descriptors are measured after a warm-up
/// and at the end.
public final class SoakRun {
    public struct Report: Equatable {
        public var turns = 0
        public var residentStart = 0
        public var residentEnd = 0
        public var descriptorsStart = 0
        public var descriptorsEnd = 0
        /// Pages drawn on the frame's thread because render-ahead had not.
        public var stalls = 0
        public var zooms = 0
        public var fontChanges = 0
        /// Turns before the start was measured.
        public var warmUpTurns = 0
        public var farthestPage = 0
        /// Frames presented in all.
        public var frames = 0
    }

    public struct Schedule {
        /// A zoom in and out after every this many turns.
        public var zoomEvery = 50
        /// A font size change after every this many turns (alternately up and back).
        public var fontChangeEvery = 1000
        /// Turns before memory and descriptors are first measured; nil
        /// warms up until the reader has been through the whole book once
        /// (the first turn back from its end) and through one font size
        /// change and back, at most half the run, so every page's glyphs
        /// and words have been seen at both sizes.
        public var warmUpTurns: Int?

        public init() {}
    }

    private let session: ReaderSession
    private let schedule: Schedule

    public init(session: ReaderSession, schedule: Schedule = Schedule()) {
        self.session = session
        self.schedule = schedule
    }

    public func run(turns: Int) throws -> Report {
        let stallsBefore = session.cache.stalls
        let geometry = session.settings.geometry
        let script = SoakScript(session: session, schedule: schedule, turns: turns)
        let loop = ReaderLoop(scene: session, display: HeadlessDisplay(width: geometry.width, height: geometry.height),
                              input: script, clock: VirtualClock())
        try loop.run()
        session.saveNow()
        var report = script.report
        SoakScript.settleBackgroundWork(session)
        report.residentEnd = ProcessResources.residentBytes()
        report.descriptorsEnd = ProcessResources.openDescriptors()
        report.stalls = session.cache.stalls - stallsBefore
        report.frames = loop.presentedFrames
        return report
    }
}

/// The soak's keys: the next one as soon as the view rests.
final class SoakScript: InputSource {
    private let session: ReaderSession
    private let schedule: Schedule
    private let turns: Int
    private let warmUpLimit: Int
    private(set) var report = SoakRun.Report()
    private var queued: [ReaderCommand] = []
    private var turn = 0
    private var direction = 1
    private var fontUp = true
    private var throughBook = false
    private var measured = false
    typealias Schedule = SoakRun.Schedule

    init(session: ReaderSession, schedule: Schedule, turns: Int) {
        self.session = session
        self.schedule = schedule
        self.turns = max(0, turns)
        warmUpLimit = min(schedule.warmUpTurns ?? turns / 2, turns / 2)
    }

    var pollDescriptors: [Int32] { [] }
    private var isAtRest: Bool { !session.controller.isAnimating }
    var isExhausted: Bool { queued.isEmpty && turn >= turns }
    /// The next key is due as soon as the view rests (the loop steps frames until then).
    var nextInputTime: Double? { isExhausted || !isAtRest ? nil : -Double.infinity }

    func read(upTo time: Double) -> [InputItem] {
        guard isAtRest, !isExhausted else { return [] }
        if !measured, warmUpLimit == 0 || turn > 0 && isWarm { measureStart() }
        if queued.isEmpty { planTurn() }
        guard !queued.isEmpty else { return [] }
        return [.command(queued.removeFirst(), time: time)]
    }

    func drainWarnings() -> [String] { [] }

    private var isWarm: Bool {
        schedule.warmUpTurns == nil && throughBook && report.fontChanges >= 2 || turn >= warmUpLimit
    }

    /// The commands of the next turn: the turn itself, then a zoom and a font change when due.
    private func planTurn() {
        guard turn < turns else { return }
        report.farthestPage = max(report.farthestPage, session.currentPage)
        turn += 1
        let page = session.currentPage
        if page + direction < 0 || page + direction >= session.knownPageCount, !session.isPaginating {
            direction = -direction
            throughBook = true
        }
        queued.append(direction > 0 ? .nextPage : .previousPage)
        if turn % schedule.zoomEvery == 0 {
            queued += [.toggleZoom, .toggleZoom]
            report.zooms += 1
        }
        if turn % schedule.fontChangeEvery == 0 {
            queued.append(fontUp ? .increaseFontSize : .decreaseFontSize)
            fontUp.toggle()
            report.fontChanges += 1
        }
        report.turns = turn
    }

    private func measureStart() {
        measured = true
        report.warmUpTurns = report.turns
        Self.settleBackgroundWork(session)
        report.residentStart = ProcessResources.residentBytes()
        report.descriptorsStart = ProcessResources.openDescriptors()
    }

    /// Lets pagination after a font change finish, and the reader see it,
    /// so memory is compared between two quiet moments alike, not against
    /// one caught halfway through laying out the whole book again. The
    /// reader returns free heap pages when pagination finishes; both
    /// moments are taken in that state.
    static func settleBackgroundWork(_ session: ReaderSession) {
        session.finishBackgroundWork()
        ProcessResources.returnFreeMemory()
    }
}
