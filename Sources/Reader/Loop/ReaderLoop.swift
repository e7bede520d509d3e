import Devices
import Gestures
import Raster

/// The one reader loop: the live screen, a headless run, a replay, a
/// trace, a soak and the kiosk's error screen are this loop with other
/// scenes, displays, input sources and clocks plugged in.
///
/// It owns the scheduling. Input is routed to the scene as it comes (touch
/// frames through the gesture recognizer); a frame is stepped and
/// presented only when the display says it may (no flip pending), and when
/// a flip completes while the view moves, the scene is stepped to that
/// vblank's time and the next frame goes out. Between frames it waits on
/// the clock with a deadline only while something is due (an animation
/// frame with no flip to wait for, a gesture timeout, pagination to look
/// at, the watchdog, the kiosk's idle timers), so a reader at rest does
/// not wake.
public final class ReaderLoop {
    public let scene: LoopScene
    public let display: Display
    public let input: InputSource
    public let clock: LoopClock
    private let service: ServiceManager?
    var router: InputRouter
    /// The next present must carry every row (first frame, screen taken back).
    private var needsWholeFrame = true
    /// Input changed the scene since its last step.
    var isDirty = true
    /// The frame at rest is in one scanout buffer only: present it once
    /// more (with no damage, the display copies what the other lacks), so a
    /// small change to a page at rest (the menu, a footer) costs its own
    /// rows, not those of the turn before it as well.
    private var needsCatchUp = false
    /// Frames changed while the scene moved on a display that shows no
    /// motion: the frame at rest goes out with their damage.
    private var isHoldingMotion = false
    /// The last time the scene was stepped to; times never go back.
    private var sceneTime: Double
    private var pendingAnnouncement: String?
    private var lastAnnouncement: String?
    /// The first frame was presented and is not yet known to be on the glass.
    private var isFirstFramePending = false
    var lastInputTime: Double
    /// Why the loop stopped, once it has.
    public internal(set) var stopReason: String?
    /// It stopped on SIGHUP, for the settings to be read again.
    public private(set) var stoppedForReload = false
    /// What the reader did so far, for the metrics.
    public internal(set) var activity = ReaderActivity()
    private var metricsPacer = MetricsPacer()
    private var reports: ServiceReports
    /// When the frame being made began to be stepped (the clock's time, for its budget).
    private var stepBegan = 0.0

    /// Said when a presented frame at rest is on the glass ("presented page N").
    public var onSettled: ((String) -> Void)?
    /// Called with each frame presented from RAM and its running count
    /// (--screenshot-every); a display composed into straight holds its own picture.
    public var onPresent: ((Int, PixelBuffer) throws -> Void)?
    /// Called with each touch frame before it is routed (the trace's --frames).
    public var onTouchFrame: ((TouchFrame) -> Void)?
    /// Problems for the log.
    public var onWarning: ((String) -> Void)?
    /// News for the log that is no problem (a touchscreen came or went).
    public var onNotice: ((String) -> Void)?
    /// Called once, when the first frame is on the glass.
    public var onFirstFrameShown: (() -> Void)?
    /// Called with what the reader did and shows, for the metrics: when
    /// the loop runs anyway (never waking for it) at most once a minute
    /// and never while the view moves (`MetricsPacer`).
    public var onMetrics: ((ReaderActivity, SceneStatus) -> Void)?
    /// Frames presented so far.
    public var presentedFrames: Int { activity.frames }
    /// The deadlines the loop waited with, in order (nil: none); kept only
    /// while `recordsWaits` is on.
    public private(set) var waits: [Double?] = []
    public var recordsWaits = false
    /// The kiosk's idle timers: the panel turned off, the reader sent back
    /// to its start (none armed unless set).
    public var idle: IdleTimers

    /// A replay waits this long (ms) after its last input for a held finger
    /// or an animation to end before it lets pending gestures fire.
    public static let settleLimit = 20_000.0

    public init(scene: LoopScene, display: Display, input: InputSource, clock: LoopClock,
                service: ServiceManager? = nil) {
        self.scene = scene
        self.display = display
        self.input = input
        self.clock = clock
        self.service = service
        router = InputRouter(screenWidth: display.width)
        reports = ServiceReports(service: service)
        sceneTime = clock.now
        lastInputTime = clock.now
        idle = IdleTimers(start: clock.now)
    }

    /// Runs until a quit key, a termination signal, or (virtual time) the
    /// input is over and everything has come to rest. Returns why it stopped.
    @discardableResult
    public func run() throws -> String {
        if clock.isVirtual { scene.finishBackgroundWork() }
        while stopReason == nil {
            try turn()
        }
        return stopReason ?? "stopped"
    }

    /// One pass: the watchdog, input, timeouts, a frame if one may go,
    /// then a wait for what comes next.
    private func turn() throws {
        let now = clock.now
        try pingWatchdog(now: now)
        readInput(upTo: now)
        if stopReason != nil { return }
        try runIdleTimers(now: now)
        if scene.doTimedWork(at: now) { isDirty = true }
        if router.advance(to: now, scene: scene) { isDirty = true }
        if mayPresent { try step(at: now) }
        reportWarnings()
        if scene.isFinished { stopReason = "finished" }
        if stopReason != nil { return }
        if let onMetrics, metricsPacer.isDue(now: now, isMoving: scene.isMoving) {
            metricsPacer.wrote(at: now)
            onMetrics(activity, scene.status)
        }
        if clock.isVirtual, try finishIfOver(now: now) { return }

        let deadline = wakeTime(now: now)
        if recordsWaits { waits.append(deadline) }
        // A replay in virtual time shows the scene's folder as it was at the start.
        let following = !clock.isVirtual
        let displayDescriptors = display.pollDescriptors, watched = following ? scene.watchedDescriptors : []
        let ready = try clock.wait(until: deadline, on: displayDescriptors + input.pollDescriptors + watched)
        let displayReady = displayDescriptors.contains(where: ready.contains)
            || (display.nextEventTime.map { $0 <= clock.now } ?? false)
        if displayReady {
            for event in try display.handleEvents(at: clock.now) { try handle(event) }
        }
        if following, watched.contains(where: ready.contains) || scene.nextWatchTime(after: now).map({ $0 <= clock.now }) == true,
           scene.checkWatches(at: clock.now) {
            isDirty = true
        }
    }

    // MARK: Idle

    /// A frame may go to the glass: the display takes one and the panel is on.
    private var mayPresent: Bool { display.canPresent && !idle.isBlank }

    /// The idle timers due now: the scene goes back to its start, the panel goes off.
    private func runIdleTimers(now: Double) throws {
        for action in idle.due(at: now, canBlank: display.canPresent) {
            switch action {
            case .resetForIdle:
                scene.resetForIdle(at: now)
                isDirty = true
            case .blank:
                do {
                    try display.setPowered(false)
                } catch {
                    idle.stopBlanking()
                    onWarning?("the screen cannot be turned off: \(error)")
                }
            }
        }
    }

    /// The panel on again (a touch or a key woke it): the whole frame goes out.
    func powerOn() {
        do { try display.setPowered(true) } catch { onWarning?("the screen cannot be turned on: \(error)") }
        needsWholeFrame = true
        isDirty = true
    }

    // MARK: Frames

    /// Steps the scene to `time` and presents its frame when it changed
    /// (or must be shown whole again); the display may present now.
    private func step(at time: Double) throws {
        guard isDirty || needsWholeFrame || scene.isMoving || scene.hasBackgroundWork else { return }
        stepBegan = clock.now
        if clock.isVirtual { scene.waitForFrameWork() }
        sceneTime = max(sceneTime, time)
        let target = (display as? ScanoutDisplay)?.backBuffer
        scene.composesStraight = target != nil
        let advanced = scene.advance(to: sceneTime)
        isDirty = false
        if !display.showsMotion, scene.isMoving, !needsWholeFrame {
            // The scene keeps its damage until the frame at rest takes it; a first frame goes out at once.
            if advanced { isHoldingMotion = true }
            return
        }
        let changed = advanced || isHoldingMotion
        isHoldingMotion = false
        // A step that changes nothing on the glass (a finger down, pages
        // taken in, the last step of an animation under half a pixel, the
        // end of a fade) shows nothing; a view that came to rest on it is
        // at rest on the glass all the same.
        guard changed || needsWholeFrame else { return try announceIfAtRest() }
        if let target, let written = scene.compose(into: target) {
            return try presentStraight(written)
        }
        guard let frame = scene.composedFrame else {
            needsWholeFrame = false
            return
        }
        var damage = scene.takeDamage()
        if needsWholeFrame || damage.rowCount != frame.height { damage = .all(rows: frame.height) }
        guard !damage.isEmpty else { return try announceIfAtRest() }
        display.willPresent(interface: scene.showsInterface, page: scene.status.page)
        let presented = try frame.withUnsafeBytes { pixels in
            try display.present(pixels: pixels, stride: frame.bytesPerRow, damage: damage, at: sceneTime)
        }
        guard presented else { return }
        try didPresent(frame)
    }

    /// Shows the back buffer the scene composed `written` rows into (a
    /// new buffer's first frame writes them all).
    private func presentStraight(_ written: FrameDamage) throws {
        guard !written.isEmpty || needsWholeFrame else { return try announceIfAtRest() }
        guard let display = display as? ScanoutDisplay,
              try display.presentBackBuffer(written: written, at: sceneTime) else { return }
        try didPresent(nil)
    }

    /// A frame went to the display.
    private func didPresent(_ frame: PixelBuffer?) throws {
        needsWholeFrame = false
        needsCatchUp = true
        activity.presented(began: stepBegan, ended: clock.now, moving: scene.isMoving)
        if let frame { try onPresent?(presentedFrames, frame) }
        pendingAnnouncement = isAtRest ? scene.restingDescription : nil
        isFirstFramePending = presentedFrames == 1
        // Shown at once (a modeset, a display in memory) or when its flip completes.
        if display.canPresent { try frameShown() }
    }

    /// The frame presented last is on the glass. The first one tells the
    /// service manager the reader is up: a page is on screen, although a
    /// long book's page count may still be in the making.
    private func frameShown() throws {
        if isFirstFramePending {
            isFirstFramePending = false
            activity.rested(on: scene.status)
            onNotice?("first page on screen")
            onFirstFrameShown?()
            if let problem = reports.ready(scene.status, fallback: scene.restingDescription) { onWarning?(problem) }
        }
        try announce()
    }

    /// Nothing moves and nothing is on its way to the glass: the page and
    /// its footer's numbers are final.
    private var isAtRest: Bool { !scene.isMoving && !scene.hasBackgroundWork }

    /// The frame on the glass is the scene at rest: say so (once).
    private func announceIfAtRest() throws {
        guard isAtRest, scene.composedFrame != nil else { return }
        pendingAnnouncement = scene.restingDescription
        try announce()
    }

    private func handle(_ event: DisplayEvent) throws {
        switch event {
        case let .flipCompleted(vblank):
            try frameShown()
            // The next frame is stepped to the vblank the flip went out on.
            if scene.isMoving || isDirty, mayPresent {
                try step(at: vblank)
            } else if needsCatchUp, mayPresent {
                try catchUp(at: vblank)
            }
        case .releaseRequested:
            try display.giveUp()
            // Off the glass: the page is announced again once it is back.
            pendingAnnouncement = nil
            lastAnnouncement = nil
            onNotice?("console switched away: the screen is given up")
        case .acquireRequested:
            try display.takeBack()
            if idle.isBlank {
                idle.wake(at: clock.now)
                try display.setPowered(true)
            }
            needsWholeFrame = true
            isDirty = true
            onNotice?("console back: the screen is taken again")
        case let .quit(reason):
            stopReason = reason
        case .reloadRequested:
            stopReason = "reload requested (SIGHUP)"
            stoppedForReload = true
            if let problem = reports.reloading() { onWarning?(problem) }
        }
    }

    /// The frame at rest again, with no damage, into the buffer that lacks it.
    private func catchUp(at time: Double) throws {
        needsCatchUp = false
        if let display = display as? ScanoutDisplay, let target = display.backBuffer {
            scene.composesStraight = true
            if let written = scene.compose(into: target) {
                // A buffer that holds the frame already need not be shown.
                if !written.isEmpty { _ = try display.presentBackBuffer(written: written, at: time) }
                return
            }
        }
        guard let frame = scene.composedFrame else { return }
        _ = try frame.withUnsafeBytes { pixels in
            try display.present(pixels: pixels, stride: frame.bytesPerRow, damage: FrameDamage(rows: frame.height), at: time)
        }
    }

    private func announce() throws {
        guard let text = pendingAnnouncement else { return }
        pendingAnnouncement = nil
        if text != lastAnnouncement {
            lastAnnouncement = text
            onSettled?(text)
        }
        // Kept only now, so a slow disk never holds back the frame that ends a turn.
        scene.didShowRestingFrame()
        let status = scene.status
        activity.rested(on: status)
        if !isFirstFramePending, let problem = reports.rested(on: status) { onWarning?(problem) }
    }

    // MARK: Waiting

    /// When to wake without input, or nil to sleep until input, a signal or
    /// a flip. A pending flip paces frames itself; at rest nothing is due.
    private func wakeTime(now: Double) -> Double? {
        let state = LivePacing.State(gestureDeadline: router.nextDeadline, canPresent: mayPresent,
                                     isMoving: scene.isMoving, hasChanges: isDirty,
                                     isPaginating: scene.hasBackgroundWork)
        let due = [LivePacing.wakeTime(now: now, state: state), service?.nextPing(now: now),
                   input.nextInputTime, display.nextEventTime,
                   idle.nextDeadline(canBlank: display.canPresent),
                   clock.isVirtual ? nil : scene.nextWatchTime(after: now),
                   scene.nextTimedWorkTime(after: now)].compactMap { $0 }
        return due.min()
    }

    /// Virtual time: once the input is over and nothing moves, pending
    /// gestures fire, background work finishes and the last frame goes
    /// out; then the loop stops. True when it stopped.
    private func finishIfOver(now: Double) throws -> Bool {
        guard input.isExhausted, display.nextEventTime == nil else { return false }
        let waiting = router.nextDeadline != nil || router.fingersDown > 0 || scene.isMoving
        if waiting, now < lastInputTime + Self.settleLimit { return false }
        if router.settle(scene: scene) {
            isDirty = true
            return false
        }
        if scene.isMoving, now < lastInputTime + 2 * Self.settleLimit { return false }
        // Asked before it finishes: taking in the last pages redraws the footers.
        let hadBackgroundWork = scene.hasBackgroundWork
        scene.finishBackgroundWork()
        if hadBackgroundWork || scene.hasBackgroundWork || isDirty {
            // Pages found at the end are taken in before the last frame.
            isDirty = true
            if mayPresent { try step(at: now) }
            if display.nextEventTime != nil { return false }
        }
        stopReason = "input over"
        return true
    }

    private func pingWatchdog(now: Double) throws {
        guard let service, let due = service.nextPing(now: now), now >= due else { return }
        do { try service.ping(at: now) } catch { onWarning?("\(error)") }
    }

    private func reportWarnings() {
        guard let onWarning else { return }
        for warning in scene.drainWarnings() + input.drainWarnings() { onWarning(warning) }
    }
}
