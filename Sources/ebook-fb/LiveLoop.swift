import FoundationEssentials
import Glibc
import Gestures
import LinuxDisplay
import LinuxInput
import LinuxSystem
import Reader

/// The reader on a real screen: one poll() over the input devices, the
/// display's event descriptor (flip completions), the console's signals and
/// a timer that is armed only while something is due, so an idle reader
/// never wakes. Frames are paced by the display: a frame is presented only
/// when no flip is pending, and when a flip completes while the view moves,
/// the session is stepped to the flip's vblank time and the next frame goes
/// out. Settled frames are announced on stderr ("presented page N").
/// Under systemd (`Type=notify`) the first page on the glass sends READY=1,
/// and while `WatchdogSec=` is set the loop pings WATCHDOG=1 at half the
/// limit: the only periodic wake-up, and only from a loop that runs.
final class LiveLoop {
    private let session: ReaderSession
    private let console: ConsoleSession
    private let input: LiveInputDevices
    private let timer: WakeTimer
    private var recognizer: GestureRecognizer
    private let clock: () -> Double
    /// The frame in `session.frame` must go to the screen (first frame, VT back).
    private var needsPresent = true
    /// Input or a timeout changed the session since the last composed frame.
    private var isDirty = true
    /// The last time the session was stepped to; times never go back.
    private var sessionTime: Double
    /// Said once the presented frame is on the glass, when it was settled.
    private var pendingAnnouncement: String?
    private var lastAnnouncement: String?
    private var quitReason: String?
    private let notifier: ServiceNotifier?
    private var watchdog: WatchdogSchedule?
    private var isReadySent = false
    /// A flip's vblank time further than this from the clock is not trusted (ms).
    private static let plausibleVblankAge = 1000.0

    init(session: ReaderSession, console: ConsoleSession, input: LiveInputDevices,
         clock: @escaping () -> Double = monotonicMilliseconds) throws {
        self.session = session
        self.console = console
        self.input = input
        self.clock = clock
        timer = try WakeTimer()
        recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: Double(session.settings.geometry.width)))
        sessionTime = clock()
        let environment = ProcessInfo.processInfo.environment
        notifier = ServiceNotifier(environment: environment)
        watchdog = notifier == nil ? nil : WatchdogSchedule(environment: environment, pid: getpid())
    }

    /// Runs until a quit key or a termination signal; returns why it stopped.
    func run() throws -> String {
        let display = console.display
        while quitReason == nil {
            let now = clock()
            feedWatchdog(now: now)
            if display.isActive, !display.isFlipPending { try presentFrame(at: now) }
            try armTimer(now: now)
            report(session.drainWarnings() + input.drainWarnings())

            let signalFD = console.signals.fileDescriptor
            let inputFDs = input.pollDescriptors
            var descriptors = ([display.eventDescriptor, signalFD, timer.fileDescriptor] + inputFDs).map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                guard errno == EINTR else { throw CommandError("poll: \(String(cString: strerror(errno)))") }
                continue
            }
            if descriptors[1].revents != 0 { try handleSignals() }
            if quitReason != nil { break }
            if descriptors[2].revents != 0 { timer.acknowledge() }
            if descriptors[3...].contains(where: { $0.revents != 0 }) { handleInput() }
            handleGestures(recognizer.advance(to: clock()))
            if descriptors[0].revents != 0, let vblank = try display.handleEvents() {
                // A driver without vblank timestamps reports 0; the clock stands in.
                let now = clock()
                flipCompleted(at: abs(vblank - now) < Self.plausibleVblankAge ? vblank : now)
            }
        }
        return quitReason ?? "quit"
    }

    // MARK: Frames

    /// Steps the session to `time` and presents the frame when it changed
    /// (or must be shown again); the caller made sure no flip is pending.
    private func presentFrame(at time: Double) throws {
        sessionTime = max(sessionTime, time)
        let changed = session.advance(to: sessionTime)
        isDirty = false
        guard changed || needsPresent else { return }
        needsPresent = false
        let frame = session.frame
        try frame.withUnsafeBytes { pixels in _ = try console.display.present(pixels: pixels, stride: frame.bytesPerRow) }
        pendingAnnouncement = session.isAnimating ? nil : settledDescription()
        // A modeset shows the frame at once; a flip when its event arrives.
        if !console.display.isFlipPending { announce() }
    }

    private func flipCompleted(at vblank: Double) {
        announce()
        // The next frame is stepped to the vblank the flip went out on.
        if session.isAnimating || isDirty, console.display.isActive {
            do { try presentFrame(at: vblank) } catch { report(["present: \(error)"]) }
        }
    }

    /// The timer wakes the loop for a gesture timeout, or for the next
    /// frame when the view moves but no flip will wake it.
    private func armTimer(now: Double) throws {
        let display = console.display
        let state = LivePacing.State(gestureDeadline: recognizer.nextDeadline,
                                     canPresent: display.isActive && !display.isFlipPending,
                                     isMoving: session.controller.isAnimating, hasChanges: isDirty,
                                     isPaginating: session.isPaginating)
        var due = LivePacing.wakeTime(now: now, state: state)
        if let ping = watchdog?.nextPing(now: now) { due = min(due ?? ping, ping) }
        try timer.arm(at: due, now: now)
    }

    private func settledDescription() -> String {
        let controller = session.controller
        let offset = controller.scrollView.contentOffset
        let geometry = session.settings.geometry
        return LivePacing.announcement(page: session.pageIndexInBook, zoomScale: controller.zoomScale,
                                       isZoomed: controller.isZoomed, offsetX: offset.x, offsetY: offset.y,
                                       width: geometry.width, height: geometry.height)
    }

    private func announce() {
        guard let text = pendingAnnouncement else { return }
        pendingAnnouncement = nil
        guard text != lastAnnouncement else { return }
        lastAnnouncement = text
        log(text)
        if !isReadySent, let notifier {
            isReadySent = true
            do { try notifier.ready(status: text) } catch { report(["\(error)"]) }
        }
    }

    // MARK: systemd

    /// WATCHDOG=1 when due; armTimer wakes the loop for the next one.
    private func feedWatchdog(now: Double) {
        guard var schedule = watchdog, let notifier, schedule.isDue(now: now) else { return }
        do { try notifier.watchdog() } catch { report(["\(error)"]) }
        schedule.pinged(at: now)
        watchdog = schedule
    }

    // MARK: Input

    private func handleInput() {
        let (frames, commands) = input.read()
        for frame in frames {
            handleGestures(recognizer.advance(to: frame.time))
            updateTapZones()
            handleGestures(recognizer.process(frame))
        }
        for command in commands {
            if command == .quit {
                quitReason = "quit key"
                return
            }
            do {
                try session.handle(command, at: clock())
                isDirty = true
            } catch {
                report(["\(command): \(error)"])
            }
        }
    }

    private func handleGestures(_ events: [GestureEvent]) {
        guard !events.isEmpty else { return }
        session.handle(events)
        isDirty = true
        updateTapZones()
    }

    /// Taps turn pages only on an unzoomed page without the overlay.
    private func updateTapZones() {
        recognizer.tapZonesEnabled = !session.controller.isZoomed && !session.overlay.isVisible
    }

    // MARK: Signals

    private func handleSignals() throws {
        for event in try console.handleSignals() {
            switch event {
            case .quit(let signal):
                quitReason = "signal \(signal)"
            case .redraw:
                needsPresent = true
                isDirty = true
            case .suspended:
                pendingAnnouncement = nil
            }
        }
    }

    private func report(_ messages: [String]) {
        for message in messages { log("warning: " + message) }
    }

    func log(_ text: String) {
        StandardStreams.log(text)
    }
}
