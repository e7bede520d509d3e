import Gestures

/// What a gesture does on the reading screen, wherever the screen runs (the
/// reader, the trace): the paging controller takes it, except a tap while
/// the overlay is open, which goes to the overlay (a tap on its bar jumps,
/// anywhere else closes it).
public enum ReadingScreen {
    /// Side taps turn pages at once on an unzoomed page with nothing open over it.
    public static func tapZonesEnabled(_ controller: PagingController, _ overlay: OverlayState) -> Bool {
        !controller.isZoomed && !overlay.isVisible
    }

    /// Routes one event; `jump` is called with the fraction of the book a tap on the bar points at.
    public static func route(_ event: GestureEvent, controller: PagingController, overlay: OverlayState,
                      width: Int, height: Int, jump: (Double) -> Void) {
        if overlay.isVisible, case let .tap(at, _) = event.kind {
            if let fraction = overlay.progressFraction(at: at, width: width, height: height) { jump(fraction) }
            overlay.isVisible = false
            return
        }
        controller.handle(event)
    }

    /// The screen's name in the headless reader's and the trace's output.
    public static func name(_ overlay: OverlayState) -> String { overlay.isVisible ? "menu" : "reading" }
}
