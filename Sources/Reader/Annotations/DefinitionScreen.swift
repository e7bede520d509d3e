import BookModel
import Devices
import Dictionaries
import Geometry
import Gestures
import Raster
import Typesetting

/// A word looked up: its entries in a panel over the bottom of the page,
/// one dictionary at a time, set by the reader's own typesetter and
/// scrolled like a note; a swipe sideways (or a tap on the dictionary's
/// name) shows the next dictionary. A tap above the panel closes it.
final class DefinitionScreen: ReaderScreen {
    let word: String
    /// Each dictionary's entries, the book's language's first.
    let dictionaries: [(name: String, entries: [DictionaryEntry])]
    private var panels: [Int: NoteScreen] = [:]
    private(set) var shown = 0

    static let nothingFound = "No dictionary has this word."

    init(word: String, host: ScreenHost) {
        self.word = String(word.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        let found = host.resources.dictionaries(for: host.settings).lookUp(self.word, language: host.settings.language)
        // A damaged dictionary is said once in the log; the others answer.
        for problem in found.skipped { host.warn("skipped: \(problem)") }
        let entries = found.entries
        var grouped: [(name: String, entries: [DictionaryEntry])] = []
        for entry in entries {
            if let index = grouped.firstIndex(where: { $0.name == entry.dictionary }) {
                grouped[index].entries.append(entry)
            } else {
                grouped.append((entry.dictionary, [entry]))
            }
        }
        dictionaries = grouped
    }

    var name: String { "lookup" }
    var allowsTapZones: Bool { false }
    func isAnimating(at time: Double) -> Bool { panels[shown]?.isAnimating(at: time) ?? false }

    /// The panel of dictionary `index`: its name, then each entry's headword and definition.
    private func panel(_ host: ScreenHost) -> NoteScreen? {
        if let panel = panels[shown] { return panel }
        var builder = DocumentBuilder()
        builder.beginSection(name: "definition")
        if dictionaries.isEmpty {
            builder.append(.heading(level: 3), style: BlockStyle(), text: word)
            builder.append(.paragraph, style: BlockStyle(), text: Self.nothingFound)
        } else {
            let dictionary = dictionaries[shown]
            let position = dictionaries.count > 1 ? " (\(shown + 1) of \(dictionaries.count))" : ""
            builder.append(.paragraph, style: BlockStyle(), text: dictionary.name + position)
            for entry in dictionary.entries {
                builder.append(.heading(level: 3), style: BlockStyle(), text: entry.headword)
                // The dictionary's own lines, its indented ones indented.
                for line in entry.definition.split(separator: "\n", omittingEmptySubsequences: true) {
                    var style = BlockStyle()
                    style.textIndent = 0
                    style.alignment = .start
                    if line.first?.isWhitespace == true { style.indentStart = 1 }
                    builder.append(.paragraph, style: style, text: String(line.drop { $0.isWhitespace }))
                }
            }
        }
        let book = builder.build(metadata: BookMetadata(), contents: [], format: .text)
        guard let setter = try? Typesetter(matching: host.renderer.typesetter, book: book) else { return nil }
        let (content, height) = setter.layoutExcerpt(paragraphs: 0..<book.paragraphs.count)
        let made = NoteScreen(content: content, height: height, text: content.lines.joined(separator: " "),
                              metrics: host.resources.metrics(for: host.settings))
        panels[shown] = made
        return made
    }

    enum Control: ScreenControlID {
        case text, next

        var id: String { self == .text ? "lookup.text" : "lookup.next" }
    }

    func controls(in host: ScreenHost) -> [PlacedControl<Control>] {
        guard let panel = panel(host) else { return [] }
        guard dictionaries.count > 1 else { return [PlacedControl(Control.text, label: panel.text, rect: panel.panel)] }
        let metrics = host.resources.metrics(for: host.settings)
        let label = host.resources.catalog.localized("Next dictionary")
        let width = max(3 * metrics.target,
                        (host.resources.painter(for: host.settings)?.width(of: label) ?? 12 * label.count) + 2 * metrics.padding)
        let next = PixelRect(x: panel.panel.maxX - width, y: panel.panel.y, width: width, height: metrics.target)
        // The text is what lies under the way to the next dictionary.
        return [PlacedControl(Control.text, label: panel.text,
                              rect: PixelRect(x: panel.panel.x, y: next.maxY, width: panel.panel.width,
                                              height: max(0, panel.panel.maxY - next.maxY))),
                PlacedControl(.next, label: label, rect: next)]
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        panel(host)?.draw(into: &frame, host: host) ?? []
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        guard let panel = panel(host) else { return host.closeScreen() }
        if point.y < Double(panel.panel.y) {
            host.closeScreen()
        } else if controls(in: host).hit(x: point.x, y: point.y) == .next {
            turn(by: 1)
        }
    }

    /// Fingers on the panel scroll it; a swipe sideways goes to the next or the previous dictionary.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        if case let .panEnded(_, translation, _) = event.kind, abs(translation.x) > 2 * abs(translation.y),
           abs(translation.x) >= Double(host.resources.metrics(for: host.settings).target) {
            turn(by: translation.x < 0 ? 1 : -1)
            return true
        }
        return panel(host)?.drag(event, host: host) ?? true
    }

    private func turn(by step: Int) {
        guard dictionaries.count > 1 else { return }
        shown = (shown + step + dictionaries.count) % dictionaries.count
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        case .nextPage: turn(by: 1)
        case .previousPage: turn(by: -1)
        default: break
        }
        return .taken
    }
}
