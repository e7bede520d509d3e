import Gestures

/// What a gesture does on the reading screen as the trace runs it: the
/// paging controller takes it, except a tap while the menu is open, which goes to the menu (a tap on its slider jumps,
/// anywhere else closes it).
public enum ReadingScreen {
    /// Side taps turn pages at once on an unzoomed page with nothing open over it.
    public static func tapZonesEnabled(_ controller: PagingController, _ menu: MenuPresence) -> Bool {
        !controller.isZoomed && !menu.isVisible
    }

    /// Routes one event; `jump` is called with the fraction of the book a tap on the bar points at.
    public static func route(_ event: GestureEvent, controller: PagingController, menu: MenuPresence,
                      width: Int, height: Int, jump: (Double) -> Void) {
        if menu.isVisible, case let .tap(at, _) = event.kind {
            if let fraction = menu.progressFraction(at: at, width: width, height: height) { jump(fraction) }
            menu.isVisible = false
            return
        }
        controller.handle(event)
    }

    /// The screen's name in the headless reader's and the trace's output.
    public static func name(_ menu: MenuPresence) -> String { menu.isVisible ? "menu" : "reading" }
}
