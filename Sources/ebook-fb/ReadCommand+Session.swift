import BookFormats
import BookModel
import BookStorage
import FoundationEssentials
import Geometry
import Languages
import Raster
import Reader
import Typesetting

/// The reader's session for one book, with the settings chosen on the
/// text panel standing in for options left at their defaults.
extension ReadCommand {
    /// The geometry and theme with the settings chosen on the text panel
    /// standing in for options left at their defaults.
    func chosenSettings(_ saved: TextSettings?, geometry given: PageGeometry,
                        theme givenTheme: Theme) -> (geometry: PageGeometry, theme: Theme) {
        guard let saved else { return (given, givenTheme) }
        var defaults = saved
        if options.fontSize != 20 { defaults.fontSize = given.fontSize }
        if options.lineSpacing != 1.4 { defaults.lineSpacing = nil }
        let theme = self.theme == "light" ? saved.theme.flatMap(Theme.init(named:)) ?? givenTheme : givenTheme
        return (defaults.applied(to: given, bookFontSize: nil), theme)
    }

    /// The reader of the book at `path` (the book given, or one opened
    /// from the library) for a page of `geometry`, opened where the
    /// options say (`--page` and `--start` only for the book given).
    /// `panelSize`: the panel's size in millimetres, when known.
    func makeSession(book path: String, geometry given: PageGeometry, theme givenTheme: Theme,
                     panelSize: Size?, languages: InterfaceLanguages) throws -> ReaderSession {
        let store = stateStore
        let saved = store.loadTextSettings()
        var (geometry, theme) = chosenSettings(saved, geometry: given, theme: givenTheme)
        var bookOptions = options
        bookOptions.book = path
        let startAt: ReaderSession.Start
        if let page, path == options.book {
            startAt = .page(page - 1)
        } else if start, path == options.book {
            startAt = .offset(0)
        } else {
            startAt = .savedPlace // an unusable state file comes back in the session's warnings
        }
        crashGuard?.opening(book: path)
        let opened = try bookOptions.openForReading(geometry: geometry, background: theme.background,
                                                    patternSnapshots: .inFolder(nil), bookStructures: .inFolder(nil), stateStore: store, start: startAt)
        if options.fontSize == 20, let size = store.savedFontSize(forKey: opened.book.stateKey) {
            var sized = geometry
            sized.fontSize = size
            if (try? sized.validate()) != nil { geometry = sized }
        }
        var font = opened.font
        if options.font == nil, let family = saved?.fontFamily {
            let memo = FontLookupMemo(directory: HyphenationSnapshotStore.inFolder(nil).directory)
            if let file = memo.file(forFamily: family) {
                font = file
            } else if let file = try? FontLocator.file(forFamily: family) {
                memo.remember(file, forFamily: family)
                font = file
            }
        }
        var settings = ReaderSession.Settings(geometry: geometry, font: font, theme: theme, language: options.lang,
                                              lineBreaking: options.lineBreaking, pagination: pagination,
                                              panelSize: panelSize)
        settings.dictionaryFolders = dictionaries
        settings.interfaceScale = try interfaceScale(saved: saved)
        settings.writingMode = options.writingMode
        settings.columns = columns.columns
        let session = try ReaderSession(opening: opened.book, path: path, settings: settings, start: startAt,
                                        stateStore: store, hyphenationPreload: opened.hyphenation,
                                        preparedBuffers: opened.buffers)
        session.menuPolicy = policies.menu
        session.notesPolicy = policies.notes
        session.resources.languages = languages
        return session
    }
}
