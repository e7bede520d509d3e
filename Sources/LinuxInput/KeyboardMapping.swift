import Devices
/// evdev key events to reader commands. Right/PgDn/Space/Down next page,
/// Left/PgUp/Backspace/Up previous, Home/End, +/= and - font size, z zoom,
/// m menu, c contents, t text settings, b bookmark, l library, Enter opens the row
/// chosen in a list or applies the text panel's chosen control, Esc closes the screen over the page and on the page
/// quits, q quits (neither quits in kiosk mode). Navigation and font size
/// follow key repeat; the others act on the press only.
public struct KeyboardMapping: Sendable {
    public var kioskMode: Bool

    public init(kioskMode: Bool = false) {
        self.kioskMode = kioskMode
    }

    /// The command for one event, or nil (not a key, a release, or an unused key).
    public func command(for event: InputEvent) -> ReaderCommand? {
        guard event.type == EventType.key else { return nil }
        let pressed = event.value == 1
        let repeated = event.value == 2
        guard pressed || repeated else { return nil }
        guard let command = command(forKey: event.code) else { return nil }
        switch command {
        case .nextPage, .previousPage, .firstPage, .lastPage, .increaseFontSize, .decreaseFontSize:
            return command
        default:
            return pressed ? command : nil
        }
    }

    public func command(forKey code: UInt16) -> ReaderCommand? {
        switch code {
        case KeyCode.right, KeyCode.pageDown, KeyCode.space, KeyCode.down: .nextPage
        case KeyCode.left, KeyCode.pageUp, KeyCode.backspace, KeyCode.up: .previousPage
        case KeyCode.home: .firstPage
        case KeyCode.end: .lastPage
        case KeyCode.equal, KeyCode.keypadPlus: .increaseFontSize
        case KeyCode.minus, KeyCode.keypadMinus: .decreaseFontSize
        case KeyCode.z: .toggleZoom
        case KeyCode.m: .toggleMenu
        case KeyCode.b: .toggleBookmark
        case KeyCode.c: .toggleContents
        case KeyCode.enter, KeyCode.keypadEnter: .activate
        case KeyCode.t: .toggleText
        case KeyCode.l: .openLibrary
        case KeyCode.escape: kioskMode ? .closeScreen : .closeScreenOrQuit
        case KeyCode.q: kioskMode ? nil : .quit
        default: nil
        }
    }
}
