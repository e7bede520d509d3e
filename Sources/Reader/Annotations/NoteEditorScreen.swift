import Devices
import Geometry
import Languages
import Gestures
import Raster
import Typesetting

/// A highlight's note, written on the on-screen keyboard (or a hardware
/// one) under the passage it is about: Save (or the keyboard's own Save)
/// keeps it with the book, Cancel leaves the note as it was.
final class NoteEditorScreen: TextFieldScreen {
    let highlight: Int
    let passage: String
    private(set) var note: String
    let keyboard: OnScreenKeyboard

    enum Control: ScreenControlID {
        case cancel, save
        case key(KeyboardKey)

        var id: String {
            switch self {
            case .cancel: "note.cancel"
            case .save: "note.save"
            case let .key(key): key.id
            }
        }
    }

    init(highlight index: Int, host: ScreenHost) {
        highlight = index
        let kept = host.highlights.indices.contains(index) ? host.highlights[index] : nil
        passage = kept?.text ?? ""
        note = kept?.note ?? ""
        keyboard = OnScreenKeyboard(language: host.settings.language, enterLabel: host.resources.catalog.localized("Save"),
                                    catalog: host.resources.catalog)
    }

    /// Characters of a note set at most: more than any screen holds.
    static let shownCharacters = 2000

    var name: String { "note-editor" }
    var coversPage: Bool { true }
    var leavesDogEar: Bool { false }
    var allowsTapZones: Bool { false }

    private func bar(_ metrics: InterfaceMetrics, catalog: MessageCatalog, measure: (String) -> Int) -> [PlacedControl<Control>] {
        let target = metrics.target, pad = metrics.padding
        let saveLabel = catalog.localized("Save"), cancelLabel = catalog.localized("Cancel")
        let save = max(target, measure(saveLabel) + 2 * pad), cancel = max(target, measure(cancelLabel) + 2 * pad)
        return [PlacedControl(.cancel, label: cancelLabel, rect: PixelRect(x: pad, y: pad, width: cancel, height: target)),
                PlacedControl(.save, label: saveLabel, rect: PixelRect(x: metrics.width - pad - save, y: pad, width: save,
                                                                       height: target))].placed(by: metrics)
    }

    func controls(in host: ScreenHost) -> [PlacedControl<Control>] {
        let metrics = host.resources.metrics(for: host.settings)
        let painter = host.resources.painter(for: host.settings)
        return bar(metrics, catalog: host.resources.catalog) { painter?.width(of: $0) ?? $0.count * 12 }
            + keyboard.controls(metrics).map { PlacedControl(.key($0.control), label: $0.label, rect: $0.rect) }
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        let metrics = host.resources.metrics(for: host.settings), theme = host.settings.theme
        let pad = metrics.padding, target = metrics.target
        frame.fill(frame.bounds, with: theme.background)
        let barHeight = target + 2 * pad
        frame.fill(PixelRect(x: 0, y: 0, width: metrics.width, height: barHeight), with: theme.chrome)
        var glyphs: [PlacedGlyph] = []
        for control in bar(metrics, catalog: host.resources.catalog, measure: { painter.width(of: $0) }) {
            MenuPainter.outline(control.rect, thickness: 1, color: theme.secondary, into: &frame)
            glyphs += painter.place(control.label, in: control.rect, alignment: .centre)
        }
        // The passage, quoted and quieter, then the note with the caret at its end.
        let width = metrics.width - 2 * pad, bottom = keyboard.placement(metrics).panel.y
        var y = barHeight + pad
        var quiet: [PlacedGlyph] = []
        for line in InterfaceText.wrap("“" + passage + "”", width: width, measure: { painter.width(of: $0) }).prefix(3) {
            quiet += painter.place(line, in: PixelRect(x: pad, y: y, width: width, height: target), role: .secondary)
            y += target
        }
        y += pad
        // Only the end of a long note is set: it is all that shows.
        let tail = note.count > Self.shownCharacters ? "…" + note.suffix(Self.shownCharacters) : note
        let lines = InterfaceText.wrap(tail, width: width, measure: { painter.width(of: $0) })
        let room = max(1, (bottom - y) / target)
        // The end of a long note shows, where writing goes on.
        let shown = lines.suffix(room)
        for line in shown {
            glyphs += painter.place(line, in: PixelRect(x: pad, y: y, width: width, height: target))
            y += target
        }
        let caretX = pad + min(width, painter.width(of: shown.last ?? "")) + 1
        let caretY = shown.isEmpty ? y : y - target
        frame.fill(PixelRect(x: caretX, y: caretY + pad / 2, width: 2, height: target - pad), with: theme.ink)
        painter.paint(glyphs, theme: theme, into: &frame)
        painter.paint(quiet, theme: theme, into: &frame)
        _ = keyboard.draw(metrics: metrics, theme: theme, painter: painter, into: &frame)
        return [0..<frame.height]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        let metrics = host.resources.metrics(for: host.settings)
        if Double(keyboard.top(metrics)) <= point.y {
            if let action = keyboard.tap(at: point, time: time, metrics: metrics) { apply(action, host: host) }
            return
        }
        let painter = host.resources.painter(for: host.settings)
        switch bar(metrics, catalog: host.resources.catalog, measure: { painter?.width(of: $0) ?? $0.count * 12 }).hit(x: point.x, y: point.y) {
        case .cancel?: host.closeScreen()
        case .save?: save(host: host)
        default: break
        }
    }

    func longPress(at point: Point, time: Double, host: ScreenHost) {
        let metrics = host.resources.metrics(for: host.settings)
        if Double(keyboard.placement(metrics).panel.y) <= point.y { _ = keyboard.longPress(at: point, metrics: metrics) }
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        case .activate: save(host: host)
        default: break
        }
        return .taken
    }

    func type(_ key: TypedKey, host: ScreenHost) { apply(KeyboardAction(key), host: host) }

    func apply(_ action: KeyboardAction, host: ScreenHost) {
        if !action.edit(&note) { save(host: host) }
    }

    private func save(host: ScreenHost) {
        host.updateHighlight(at: highlight, color: nil, note: .some(note.isEmpty ? nil : note))
        host.closeScreen()
    }
}

/// Interface text broken into lines that fit a width, at spaces where
/// there are some (anywhere in a word longer than the line).
enum InterfaceText {
    static func wrap(_ text: String, width: Int, measure: (String) -> Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if measure(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if !line.isEmpty, measure(line + String(character)) > width {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
