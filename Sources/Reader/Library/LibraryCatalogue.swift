import Raster
import Typesetting

/// What the library shows of each book: its names and cover, found when
/// the book's row is first drawn, kept in memory for the rows near the
/// screen and in the cover cache on disk for the next start.
final class LibraryCatalogue {
    let formats: [LibraryBookFormat]
    private let cache: CoverCache?
    private let painter: CoverPainter
    private let fontPath: String
    private var infos: [String: (key: String, info: LibraryBookInfo)] = [:]
    private var covers: [String: PixelBuffer] = [:]
    /// Cover keys, the one used last at the end.
    private var coverUse: [String] = []
    /// Covers kept in memory: a few screens of rows.
    static let coversKept = 64
    /// Why books the formats accepted failed to open, by path.
    private var openingProblems: [String: String] = [:]
    /// Covers drawn but not written to the cache yet: written once the list rests.
    private var unsaved: [(key: String, info: LibraryBookInfo, cover: PixelBuffer)] = []

    init(formats: [LibraryBookFormat], cache: CoverCache?, font: FontFile, coverWidth: Int, coverHeight: Int) throws {
        self.formats = formats
        self.cache = cache
        fontPath = font.path
        painter = try CoverPainter(font: font, width: coverWidth, height: coverHeight)
    }

    func format(forName name: String) -> LibraryBookFormat? { formats.first { $0.accepts(fileName: name) } }

    /// The book's names (and why it cannot be opened), finding them on first use.
    func info(_ entry: LibraryEntry) -> LibraryBookInfo { resolve(entry).info }

    /// The book's names and cover.
    func resolve(_ entry: LibraryEntry) -> (info: LibraryBookInfo, cover: PixelBuffer) {
        let format = format(forName: entry.name) ?? UnsupportedBookFormat.epub
        let key = CoverCache.key(path: entry.path, status: entry.status, coverWidth: painter.width,
                                 coverHeight: painter.height, font: fontPath, formatVersion: format.version)
        var found: (info: LibraryBookInfo, cover: PixelBuffer)
        if let known = infos[entry.path], known.key == key, let cover = covers[key] {
            found = (known.info, cover)
        } else if let cached = cache?.load(key: key) {
            found = cached
        } else {
            let info = format.info(path: entry.path)
            found = (info, painter.cover(for: info))
            if cache != nil { unsaved.append((key, info, found.cover)) }
        }
        if let problem = openingProblems[entry.path], found.info.problem == nil {
            found.info.problem = problem
            found.cover = painter.cover(for: found.info)
        }
        infos[entry.path] = (key, found.info)
        remember(found.cover, key: key)
        return found
    }

    /// True while covers drawn wait to be written to the cache.
    var hasUnsavedCovers: Bool { !unsaved.isEmpty }

    /// Writes the covers drawn since the last time to the cache (best effort).
    func saveCovers() {
        for (key, info, cover) in unsaved { cache?.save(key: key, info: info, cover: cover) }
        unsaved = []
    }

    /// The book at `path` failed to open: it is shown with the reason.
    func noteOpeningProblem(_ problem: String, path: String) {
        openingProblems[path] = problem
        infos[path] = nil
    }

    /// The book at `path` opened: any earlier problem is over.
    func noteOpened(path: String) {
        if openingProblems.removeValue(forKey: path) != nil { infos[path] = nil }
    }

    private func remember(_ cover: PixelBuffer, key: String) {
        if covers.updateValue(cover, forKey: key) != nil, let index = coverUse.lastIndex(of: key) {
            coverUse.remove(at: index)
        }
        coverUse.append(key)
        if coverUse.count > Self.coversKept {
            covers[coverUse.removeFirst()] = nil
        }
    }
}
