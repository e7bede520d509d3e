/// The kiosk's policies as the reader session keeps them: what the menu
/// offers, and going back to the start when nobody has touched it.
extension ReaderSession {
    /// What the menu offers (`MENU=`); everything unless set.
    public var menuPolicy: MenuPolicy {
        get { screens.menuPolicy }
        set {
            screens.menuPolicy = newValue
            if !newValue.offersTextSettings { screens.textPanelOpen = false }
            needsFrame = true
        }
    }

    /// Left untouched: every screen closed at once, the page unzoomed, the
    /// way back forgotten and the book at its start (past a header, where a
    /// first opening starts), kept as the reading position.
    public func resetForIdle(at time: Double) {
        screens.time = max(screens.time, time)
        screens.list = nil
        screens.textPanelOpen = false
        screens.fingersOnBars = []
        overlay.isVisible = false
        overlay.back = nil
        show(offset: book.metadata.bodyStart)
        needsFrame = true
        saveNow()
    }
}
