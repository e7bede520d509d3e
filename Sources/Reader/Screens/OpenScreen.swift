import Devices
import Gestures
import Raster

/// The screen open over the page, the one value that says which it is
/// (none while the page is read), with a screen closed but still drawn
/// while it leaves (the menu sliding out) and the time screens animate by.
/// The reader routes input to the open screen through it.
final class OpenScreen {
    private(set) var screen: (any ReaderScreen)?
    private var leaving: (any ReaderScreen)?
    /// The latest time an event or a frame brought.
    private(set) var time = 0.0

    func advance(to time: Double) { self.time = max(self.time, time) }

    /// Opens `screen` in place of the one open, which gives way at once.
    func open(_ screen: any ReaderScreen) {
        self.screen = screen
        leaving = nil
    }

    /// Closes the open screen; one that slides out goes on drawing while it does.
    func close() {
        if let screen, screen.close(at: time) { leaving = screen }
        screen = nil
    }

    /// Every screen gone at once, none sliding out.
    func dismiss() {
        screen = nil
        leaving = nil
    }

    /// The screen's name for the loop and `--describe`.
    var name: String { screen?.name ?? "reading" }

    /// The screen drawn over the page: the open one, or the one leaving.
    var shown: (any ReaderScreen)? {
        if let screen { return screen }
        if let leaving, !leaving.isAnimating(at: time) { self.leaving = nil }
        return leaving
    }

    var isAnimating: Bool { shown?.isAnimating(at: time) ?? false }
    var coversPage: Bool { shown?.coversPage ?? false }
    /// A bookmarked page's corner shows beside the screen drawn, or on the bare page.
    var leavesDogEar: Bool { shown?.leavesDogEar ?? true }

    /// A text field is open: keys that type go into it.
    var takesTyping: Bool { screen is any TextFieldScreen }

    /// What a key typed, into the open screen's text field; false when none is open.
    func type(_ key: TypedKey, at time: Double, host: ScreenHost) -> Bool {
        advance(to: time)
        guard let field = screen as? any TextFieldScreen else { return false }
        field.type(key, host: host)
        return true
    }

    /// One gesture to the open screen: taps, long presses, fingers and
    /// drags (which it may hand on to `page`); false when none is open.
    func route(_ event: GestureEvent, host: ScreenHost, page: (GestureEvent) -> Void) -> Bool {
        advance(to: event.time)
        guard let screen else { return false }
        switch event.kind {
        case let .tap(at, _): screen.tap(at: at, time: event.time, host: host)
        case let .longPress(at): screen.longPress(at: at, time: event.time, host: host)
        case .fingerDown, .fingerMoved, .fingerUp, .panBegan, .panChanged, .panEnded:
            if !screen.drag(event, host: host) { page(event) }
        default: break
        }
        return true
    }

    /// A key: to the open screen, else the keys that open screens; false
    /// when the key goes on to the page (a page key closes the screen first).
    func key(_ command: ReaderCommand, host: ScreenHost) -> Bool {
        let policy = host.menuPolicy
        // A menu for reading only: the keys of the text settings do nothing.
        if !policy.offersTextSettings, [.toggleText, .increaseFontSize, .decreaseFontSize].contains(command) { return true }
        if command == .openLibrary {
            if host.offersLibrary, policy.offersLibrary { host.requestLibrary() }
            return true
        }
        if screen?.key(command, host: host) == .taken { return true }
        switch command {
        case .toggleText: host.open(TextPanelScreen())
        case .toggleContents: ListScreen.open(.contents, host: host)
        case .toggleMenu: host.open(MenuScreen(at: time))
        case .toggleBookmark: host.toggleBookmark()
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        case .nextPage, .previousPage, .firstPage, .lastPage:
            host.closeScreen()
            return false
        default: return false
        }
        return true
    }

    /// Draws the screen shown over the composed page, and with `dogEar`
    /// the bookmark's folded corner where the screen leaves it; the rows they changed.
    func draw(into frame: inout PixelBuffer, host: ScreenHost, dogEar: Bool) -> [Range<Int>] {
        let rows = shown?.draw(into: &frame, host: host) ?? []
        guard dogEar else { return rows }
        return rows + DogEar(metrics: host.resources.metrics(for: host.settings)).draw(theme: host.settings.theme,
                                                                                        into: &frame)
    }

    /// The open screen's controls as `--describe` prints them.
    func describedControls(host: ScreenHost) -> [ScreenControl] { screen?.describedControls(in: host) ?? [] }
}
