import FoundationEssentials
import LinuxInput

/// Turns pages for a long time the way the reader's loop does, in virtual
/// time: page turns forward and back across the book, zooms in and out
/// and font size changes, each followed frame by frame until it settles.
/// Memory and descriptors are measured after a warm-up and at the end.
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
        /// Frames stepped in all.
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
    private var now = 0.0
    private var frameIndex = 0

    public init(session: ReaderSession, schedule: Schedule = Schedule()) {
        self.session = session
        self.schedule = schedule
    }

    /// A frame as the reader's loop makes it: render-ahead has had its time.
    private func frame() {
        frameIndex += 1
        now = VirtualTimeline.time(ofFrame: frameIndex)
        session.cache.waitForRenderAhead()
        session.advance(to: now)
    }

    /// Frames until animations stop (bounded, so a stuck animation cannot hang the run).
    private func settle() {
        var frames = 0
        repeat { frame(); frames += 1 } while session.controller.isAnimating && frames < 600
    }

    public func run(turns: Int) throws -> Report {
        var report = Report()
        let stallsBefore = session.cache.stalls
        let warmUpLimit = min(schedule.warmUpTurns ?? turns / 2, turns / 2)
        var throughBook = false
        var measured = false
        var direction = 1
        var fontUp = true
        settle()
        if warmUpLimit == 0 {
            measureStart(&report)
            measured = true
        }
        for turn in 1...max(1, turns) where turns > 0 {
            let page = session.currentPage
            if page + direction < 0 || page + direction >= session.knownPageCount, !session.isPaginating {
                direction = -direction
                throughBook = true
            }
            try session.handle(direction > 0 ? .nextPage : .previousPage, at: now)
            settle()
            report.farthestPage = max(report.farthestPage, session.currentPage)
            if turn % schedule.zoomEvery == 0 {
                try session.handle(.toggleZoom, at: now)
                settle()
                try session.handle(.toggleZoom, at: now)
                settle()
                report.zooms += 1
            }
            if turn % schedule.fontChangeEvery == 0 {
                try session.handle(fontUp ? .increaseFontSize : .decreaseFontSize, at: now)
                fontUp.toggle()
                settle()
                report.fontChanges += 1
            }
            report.turns = turn
            let warm = schedule.warmUpTurns == nil && throughBook && report.fontChanges >= 2
            if !measured, warm || turn >= warmUpLimit {
                measureStart(&report)
                measured = true
            }
        }
        session.saveNow()
        settleBackgroundWork()
        report.residentEnd = ProcessResources.residentBytes()
        report.descriptorsEnd = ProcessResources.openDescriptors()
        report.stalls = session.cache.stalls - stallsBefore
        report.frames = frameIndex
        return report
    }

    /// Lets pagination after a font change finish, and the reader see it,
    /// so memory is compared between two quiet moments alike, not against
    /// one caught halfway through laying out the whole book again. The
    /// reader returns free heap pages when pagination finishes; both
    /// moments are taken in that state.
    private func settleBackgroundWork() {
        session.pagination.wait { _, complete in complete }
        frame()
        session.cache.waitForRenderAhead()
        ProcessResources.returnFreeMemory()
    }

    private func measureStart(_ report: inout Report) {
        report.warmUpTurns = report.turns
        settleBackgroundWork()
        report.residentStart = ProcessResources.residentBytes()
        report.descriptorsStart = ProcessResources.openDescriptors()
    }
}
