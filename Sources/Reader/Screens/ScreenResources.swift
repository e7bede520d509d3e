import BookModel
import Dictionaries
import Languages
import Typesetting

/// What the screens over the page draw with, each found once: the
/// interface's painter, the typefaces the text panel offers, the book's
/// title and whether it has links; and speech, when it is at hand.
public final class ScreenResources {
    private var painter: InterfacePainter?
    private var title: String?
    private var hasLinks: Bool?
    /// The installed serif and sans families for the book's language.
    var typefaces: [FontFamily]?
    private var shelf: DictionaryShelf?
    /// The book's text folded for search, made at the first search.
    private var searchIndex: BookSearchIndex?

    /// The languages offered and the one shown (shared with the library).
    public var languages = InterfaceLanguages.english
    /// Reading aloud, when speech is at hand (the menu's Read aloud, the text panel's speed and voice).
    var speech: SpeechOffer?
    /// The interface's words now.
    var catalog: MessageCatalog { languages.current }

    /// The interface's sizes on a page of `settings`, at its scale and in the direction of its language.
    func metrics(for settings: ReaderSettings) -> InterfaceMetrics {
        var metrics = InterfaceMetrics(width: settings.geometry.width, height: settings.geometry.height,
                                       physicalWidthMillimetres: settings.panelSize?.width,
                                       physicalHeightMillimetres: settings.panelSize?.height, scale: settings.interfaceScale)
        metrics.isRightToLeft = catalog.isRightToLeft
        return metrics
    }

    /// The painter for interface text, made at the first use and again when
    /// the interface's scale changed; a new direction needs no new painter.
    func painter(for settings: ReaderSettings) -> InterfacePainter? {
        let metrics = metrics(for: settings)
        if let painter {
            var turned = painter.metrics
            turned.isRightToLeft = metrics.isRightToLeft
            if turned == metrics {
                painter.metrics = metrics
                return painter
            }
        }
        painter = try? InterfacePainter(font: settings.font, metrics: metrics,
                                        language: settings.language)
        return painter
    }

    func typefaces(language: String?) -> [FontFamily] {
        if let typefaces { return typefaces }
        let found = FontLocator.bodyFamilies(language: language)
        typefaces = found
        return found
    }

    /// The book's title: a structured book's own, else found on its title page.
    func title(of book: Book, path: String) -> String {
        if let title { return title }
        let found: String
        if book.document != nil, let title = book.metadata.title, !title.isEmpty {
            found = title
        } else {
            // The title page ends where the first chapter starts.
            let firstChapter = book.chapters.first.flatMap { chapter in
                book.paragraphs.first { $0.scalars.lowerBound >= chapter.offset }?.bytes.lowerBound
            }
            let prefix = String(decoding: book.text.utf8.prefix(min(6000, firstChapter ?? 6000)), as: UTF8.self)
            found = BookTitle.of(text: prefix, path: path)
        }
        title = found
        return found
    }

    /// Whether any block of the book links anywhere.
    func hasLinks(_ book: Book) -> Bool {
        if let hasLinks { return hasLinks }
        let found = book.document?.blocks.contains { !$0.links.isEmpty } ?? false
        hasLinks = found
        return found
    }

    /// The dictionaries words are looked up in, the system's and the
    /// settings' folders'; none is read until the first lookup.
    func dictionaries(for settings: ReaderSettings) -> DictionaryShelf {
        if let shelf { return shelf }
        let made = DictionaryShelf(folders: DictionaryShelf.systemFolders + settings.dictionaryFolders)
        shelf = made
        return made
    }

    /// The search index of `book`, made at the first use.
    func searchIndex(of book: Book) -> BookSearchIndex {
        if let searchIndex { return searchIndex }
        let made = BookSearchIndex(book: book)
        searchIndex = made
        return made
    }

    /// The book was replaced (the whole book taken in): what was found in it is found again.
    func forgetBook() {
        title = nil
        hasLinks = nil
        searchIndex = nil
    }
}

extension Book {
    /// The chapter holding `offset`: its index in the chapters, or nil before the first.
    func chapterIndex(holding offset: Int) -> Int? {
        chapters.lastIndex { $0.offset <= offset }
    }

    /// The title of the chapter holding `offset`; empty before the first.
    func chapterTitle(holding offset: Int) -> String {
        chapterIndex(holding: offset).map { chapters[$0].title } ?? ""
    }
}
