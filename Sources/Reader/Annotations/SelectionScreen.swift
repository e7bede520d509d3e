import BookModel
import Devices
import Geometry
import Gestures
import Raster
import Typesetting

/// A passage selected on the page: a long press selects the word under
/// the finger (ICU's word bounds, Chinese and Japanese words too); the
/// handles at its ends drag them, on over the next page or the one before
/// when taken past the page's text; a bar offers to highlight it in one of
/// four colours, note it, look it up or search for it. A tap anywhere
/// else lets it go. The page stays as it is under it.
final class SelectionScreen: ReaderScreen {
    private(set) var range: Range<Int>
    private let annotations: Annotations
    /// The handle a finger drags, and the finger.
    private var dragging: (end: SelectionControl, finger: Int)?
    /// The page's text as laid out, with the first character of the page it is of.
    private var placed: (page: Int, text: PlacedText)?
    /// The dragged handle is past the page's text (a page was turned for it).
    private var atPageEdge = false

    init(range: Range<Int>, annotations: Annotations) {
        self.range = range
        self.annotations = annotations
        annotations.select(range)
    }

    /// Selects the word under `point` (page pixels) on the page on screen
    /// and opens the selection; false when no word is there (a margin, a
    /// space, a picture's page).
    static func begin(at point: Point?, host: ScreenHost) -> Bool {
        let pages = host.knownPages
        guard let point, pages.pages.indices.contains(host.currentPage) else { return false }
        let text = host.renderer.typesetter.layoutSpread(host.currentSpread, of: pages).text
        guard let offset = text.offset(atX: point.x, y: point.y),
              let paragraph = host.book.paragraphScalars(holding: offset) else { return false }
        // A finger on a space or a stop takes the word beside it.
        let index = offset - paragraph.start
        let tries = [index] + (1...Self.reach).flatMap { [index - $0, index + $0] }
        guard let word = tries.lazy.compactMap({
            WordBounds.word(in: paragraph.scalars, at: $0, language: host.settings.language)
        }).first else { return false }
        let screen = SelectionScreen(range: (paragraph.start + word.lowerBound)..<(paragraph.start + word.upperBound),
                                     annotations: host.annotations)
        screen.placed = (host.offsetRange.lowerBound, text)
        host.open(screen)
        return true
    }

    /// Characters either side of the one under the finger where a word is looked for.
    static let reach = 2

    var name: String { "selection" }
    var allowsTapZones: Bool { false }

    private func text(_ host: ScreenHost) -> PlacedText {
        if let placed, placed.page == host.offsetRange.lowerBound { return placed.text }
        let text = host.renderer.typesetter.layoutSpread(host.currentSpread, of: host.knownPages).text
        placed = (host.offsetRange.lowerBound, text)
        return text
    }

    private func layout(_ host: ScreenHost) -> SelectionLayout {
        let painter = host.resources.painter(for: host.settings)
        return SelectionLayout(metrics: host.resources.metrics(for: host.settings), rects: text(host).rects(covering: range),
                               offersNotes: host.notesPolicy != .off,
                               catalog: host.resources.catalog) { painter?.width(of: $0) ?? $0.count * 12 }
    }

    func controls(in host: ScreenHost) -> [PlacedControl<SelectionControl>] { layout(host).placed }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        return SelectionPainter.draw(layout(host), theme: host.settings.theme, painter: painter, into: &frame)
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        guard let control = layout(host).placed.hit(x: point.x, y: point.y) else {
            host.closeScreen()
            return
        }
        let selected = range
        switch control {
        case let .highlight(color):
            host.closeScreen()
            host.addHighlight(selected, color: color, note: nil)
        case .note:
            host.closeScreen()
            if let index = host.addHighlight(selected, color: .yellow, note: nil) {
                host.open(NoteEditorScreen(highlight: index, host: host))
            }
        case .lookup:
            host.closeScreen()
            host.open(DefinitionScreen(word: host.book.excerpt(selected), host: host))
        case .search:
            host.closeScreen()
            host.open(SearchScreen(language: host.settings.language, query: host.book.excerpt(selected), host: host))
        case .startHandle, .endHandle:
            break
        }
    }

    /// A finger on a handle drags that end of the selection; any other
    /// goes on to the page.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        switch event.kind {
        case let .fingerDown(id, at):
            guard dragging == nil,
                  let handle = layout(host).handles.first(where: { $0.rect.contains(x: at.x, y: at.y) }) else { return false }
            dragging = (handle.control, id)
        case let .fingerMoved(id, to):
            guard let dragged = dragging, dragged.finger == id else { return dragging != nil }
            move(dragged.end, to: to, host: host)
        case let .fingerUp(id, _):
            guard dragging?.finger == id else { return dragging != nil }
            dragging = nil
        default:
            return dragging != nil
        }
        return true
    }

    /// Moves one end of the selection to the character under `point` (a
    /// handle is drawn below its line: the finger points a line higher).
    private func move(_ end: SelectionControl, to point: Point, host: ScreenHost) {
        let text = text(host)
        guard let first = text.lines.first, let last = text.lines.last else { return }
        // A handle taken past the text's last line (first, for the start)
        // runs the selection on over the next page (the one before), once
        // each time the finger goes there.
        let pastEnd = end == .endHandle && point.y > Double(last.top + 2 * last.height)
        let pastStart = end == .startHandle && point.y < Double(first.top - first.height)
        defer { atPageEdge = pastEnd || pastStart }
        if pastEnd || pastStart {
            guard !atPageEdge else { return }
            let page = host.offsetRange
            if pastEnd, page.upperBound < host.book.text.scalarCount {
                select(range.lowerBound..<page.upperBound)
                host.show(offset: page.upperBound)
            } else if pastStart, page.lowerBound > 0 {
                host.show(offset: page.lowerBound - 1)
                select(host.offsetRange.lowerBound..<range.upperBound)
            }
            return
        }
        let lineHeight = Double(first.height)
        guard let offset = text.offset(atX: point.x, y: point.y - lineHeight / 2)
                ?? text.offset(atX: point.x, y: point.y) else { return }
        select(end == .startHandle ? min(offset, range.upperBound - 1)..<range.upperBound
                                   : range.lowerBound..<max(offset + 1, range.lowerBound + 1))
    }

    private func select(_ moved: Range<Int>) {
        guard moved != range, !moved.isEmpty else { return }
        range = moved
        annotations.select(moved)
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        default: return .toPage
        }
        return .taken
    }

    /// Closed, the selection goes with it.
    func close(at time: Double) -> Bool {
        annotations.select(nil)
        return false
    }
}
