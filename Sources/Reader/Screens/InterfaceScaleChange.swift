/// The interface's scale as the text panel changes it: the book's pages
/// stay as they are, every screen over them is laid out again at the next
/// frame (the interface's painter is made anew for the new sizes).
extension ScreenHost {
    /// Draws the interface at `scale` from now on, and keeps it with the text settings.
    func applyInterfaceScale(_ scale: InterfaceScale) {
        guard scale != settings.interfaceScale else { return }
        settings.interfaceScale = scale
        needsFrame = true
        guard places.store != nil else { return }
        let family = resources.typefaces(language: settings.language).first { $0.file == settings.font }?.name
        warn(places.saveTextSettings(settings, fontFamily: family, offset: currentOffset, book: book))
    }
}
