import Devices
import Geometry
import Gestures
import Raster
import Typesetting

/// Links as the reader follows them: a tap on an internal link jumps (the
/// menu's "back" returns), a note reference opens the note in a panel at
/// the bottom (a tap outside it or Escape closes it), as does a link into
/// a part of the book no page shows; links out of the book do nothing
/// (a book's reader only keeps the links it could resolve).
extension ReaderSession {
    /// Follows the link under a tap on the page, if there is one.
    func followLink(at point: Point) -> Bool {
        guard bookHasLinks, let pagePoint = controller.pagePoint(atScreen: point) else { return false }
        let page = controller.currentPage
        let known = knownPages
        guard known.pages.indices.contains(page) else { return false }
        let links = renderer.typesetter.layoutPage(page, of: known).links
        // A finger is wider than a note's number: the nearest link within a third of a target.
        let slop = Double(interfaceMetrics.target) / 3
        let near = links.filter { $0.box.contains(x: pagePoint.x, y: pagePoint.y, slop: slop) }
        guard let link = near.min(by: { distance($0.box, pagePoint) < distance($1.box, pagePoint) }) else { return false }
        if link.isNoteReference || book.isOffPages(link.target) {
            openNote(at: link.target)
        } else {
            jump(to: link.target)
        }
        return true
    }

    private func distance(_ box: PixelRect, _ point: Point) -> Double {
        let dx = max(Double(box.x) - point.x, 0, point.x - Double(box.maxX))
        let dy = max(Double(box.y) - point.y, 0, point.y - Double(box.maxY))
        return dx * dx + dy * dy
    }

    /// Whether any block of the book links anywhere, found once.
    private var bookHasLinks: Bool {
        if let known = screens.bookHasLinks { return known }
        let has = book.document?.blocks.contains { !$0.links.isEmpty } ?? false
        screens.bookHasLinks = has
        return has
    }

    /// Opens the panel with the note at scalar offset `target`.
    func openNote(at target: Int) {
        let paragraphs = book.noteParagraphs(at: target)
        let (content, height) = renderer.typesetter.layoutExcerpt(paragraphs: paragraphs)
        let text = content.lines.joined(separator: " ")
        overlay.isVisible = false
        screens.note = NoteScreen(content: content, height: height, text: text, metrics: interfaceMetrics)
        needsFrame = true
    }

    func closeNote() {
        screens.note = nil
        needsFrame = true
    }

    /// One gesture while the note is open: fingers on it scroll it, a tap
    /// above it closes it.
    func routeToNote(_ note: NoteScreen, _ event: GestureEvent) {
        let scroll = note.scrollView
        let top = Double(note.viewport.y)
        switch event.kind {
        case let .fingerDown(id, at):
            guard at.y >= Double(note.panel.y), note.fingers.isEmpty else { return }
            note.fingers.insert(id)
            scroll.touchBegan(at: Point(x: at.x, y: at.y - top), time: event.time)
        case let .fingerMoved(id, to):
            if note.fingers.contains(id) { scroll.touchMoved(to: Point(x: to.x, y: to.y - top), time: event.time) }
        case let .fingerUp(id, _):
            if note.fingers.remove(id) != nil { scroll.touchEnded(time: event.time) }
        case let .tap(at, _):
            if at.y < Double(note.panel.y) { closeNote() }
        default:
            break
        }
        needsFrame = true
    }

    /// Keys while the note is open: Escape closes it, a page key closes it and turns.
    func handleNoteCommand(_ command: ReaderCommand) -> Bool {
        switch command {
        case .closeScreen, .closeScreenOrQuit:
            closeNote()
            return true
        case .nextPage, .previousPage, .firstPage, .lastPage:
            closeNote()
            return false
        default:
            return true
        }
    }

    func drawNote(_ note: NoteScreen) -> [Range<Int>] {
        note.scrollView.advance(to: screens.time)
        note.draw(theme: settings.theme, fonts: renderer.typesetter.fonts, cache: renderer.cache, into: &frame)
        return [note.panel.y..<note.panel.maxY]
    }
}
