import Gestures
import Raster
import Typesetting

/// The text panel as a room of the reader: size, spacing, margins and
/// theme, each applied at once and keeping the page's first character on screen.
extension ReaderSession {
    func textPanelLayout() -> TextPanelLayout {
        let painter = interfacePainter()
        return TextPanelLayout(metrics: interfaceMetrics, fontSize: settings.geometry.fontSize,
                               families: typefaces.map(\.name)) {
            painter?.width(of: $0) ?? $0.count * 12
        }
    }

    /// The typefaces offered: the installed serif and sans families for the book's language, found once.
    var typefaces: [FontFamily] {
        if let found = screens.typefaces { return found }
        let found = FontLocator.bodyFamilies(language: settings.language)
        screens.typefaces = found
        return found
    }

    /// The options in force, by control id.
    var selectedTextOptions: Set<String> {
        let geometry = settings.geometry
        let chosen: Set<String> = ["text.spacing.\(TextChoices.spacingIndex(of: geometry.lineSpacing) + 1)",
                "text.margins.\(TextChoices.marginIndex(of: geometry.sideMargin, width: geometry.width) + 1)",
                "text.theme.\(settings.theme.name)"]
        return chosen.union(typefaces.indices.filter { typefaces[$0].file == settings.font }.map { "text.font.\($0 + 1)" })
    }

    func openTextPanel() {
        overlay.isVisible = false
        screens.textPanelOpen = true
        screens.textPanelFocus = nil
        needsFrame = true
    }

    func closeTextPanel() {
        screens.textPanelOpen = false
        screens.textPanelFocus = nil
        needsFrame = true
    }

    /// Moves the keys' choice `step` controls on in reading order (from
    /// before the first, or after the last, at first), stopping at the ends.
    func moveTextPanelFocus(by step: Int) {
        let ids = textPanelLayout().controls.map(\.id)
        guard !ids.isEmpty else { return }
        let start = screens.textPanelFocus.flatMap { ids.firstIndex(of: $0) } ?? (step > 0 ? -1 : ids.count)
        screens.textPanelFocus = ids[max(0, min(ids.count - 1, start + step))]
        needsFrame = true
    }

    func routeToTextPanel(_ event: GestureEvent) {
        guard case let .tap(at, _) = event.kind else { return }
        let layout = textPanelLayout()
        if let control = layout.controls.hit(x: at.x, y: at.y) {
            applyTextControl(control.id)
        } else if at.y < Double(layout.panel.y) {
            closeTextPanel()
        }
    }

    /// Applies one of the panel's controls.
    func applyTextControl(_ id: String) {
        var geometry = settings.geometry
        var theme = settings.theme
        var font = settings.font
        let parts = id.split(separator: ".")
        switch (parts.count > 1 ? String(parts[1]) : "", parts.count > 2 ? Int(parts[2]) : nil) {
        case ("smaller", _): geometry.fontSize = TextChoices.fontSize(after: geometry.fontSize, larger: false)
        case ("larger", _): geometry.fontSize = TextChoices.fontSize(after: geometry.fontSize, larger: true)
        case let ("spacing", k?) where TextChoices.lineSpacings.indices.contains(k - 1):
            geometry.lineSpacing = TextChoices.lineSpacings[k - 1].value
        case let ("margins", k?) where TextChoices.margins.indices.contains(k - 1):
            geometry.sideMargin = TextChoices.margins[k - 1].share.map { Int(Double(geometry.width) * $0) }
        case let ("font", k?) where typefaces.indices.contains(k - 1):
            font = typefaces[k - 1].file
        case ("theme", _):
            theme = Theme(named: parts.count > 2 ? String(parts[2]) : "") ?? theme
        case _ where id == "close":
            closeTextPanel()
            return
        default:
            return
        }
        do {
            try relayout(geometry: geometry, theme: theme, font: font)
        } catch {
            warnings.append("text settings: \(error)")
        }
        needsFrame = true
        saveTextSettings()
    }

    /// The settings in force for the device, and the size for this book with its position.
    private func saveTextSettings() {
        guard let stateStore else { return }
        _ = bookmarks // the book's state file is read before it is written again
        screens.bookFontSize = settings.geometry.fontSize
        do {
            var chosen = TextSettings(geometry: settings.geometry, theme: settings.theme)
            chosen.fontFamily = typefaces.first { $0.file == settings.font }?.name
            try stateStore.saveTextSettings(chosen)
            try stateStore.save(readingState(offset: currentOffset, bookmarks: bookmarks))
            savedOffset = currentOffset
        } catch {
            warnings.append("\(error)")
        }
    }

    func drawTextPanel(painter: InterfacePainter) -> [Range<Int>] {
        let families = Dictionary(uniqueKeysWithValues: typefaces.enumerated().map { ("text.font.\($0.offset + 1)", $0.element.file) })
        return TextPanelPainter.draw(textPanelLayout(), fontSize: settings.geometry.fontSize, selected: selectedTextOptions,
                                     focused: screens.textPanelFocus, families: families, theme: settings.theme,
                                     painter: painter, into: &frame)
    }
}
