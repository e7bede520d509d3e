import BookModel
import Raster
import Reader
import Typesetting

/// The book a benchmark measures and the options it is set with, as the
/// command line gave them: the benchmark opens it as the reader does and
/// passes the same options on to the fresh processes it times.
public protocol BenchmarkedBook {
    /// The book's path.
    var book: String { get }
    /// The page size as given, WIDTHxHEIGHT.
    var size: String { get }
    var fontSize: Int { get }
    var lineSpacing: Double { get }
    /// A font file instead of the default one.
    var font: String? { get }
    var lang: String? { get }
    /// The book's charset when it is not detected.
    var encoding: String? { get }
    /// "on" when an EPUB's own style sheets apply, else "off".
    var publisherStylesArgument: String { get }
    var lineBreaking: LineBreaking { get }
    var writingMode: WritingModeChoice { get }

    func geometry() throws -> PageGeometry
    func openBook(window: Int?) throws -> Book
    /// Opens the book as the reader does at start, with pattern and book
    /// snapshots from `snapshotFolder` (else the reader's cache).
    func openForReading(geometry: PageGeometry, background: UInt32, snapshotFolder: String?,
                        stateStore: StateStore?, start: ReaderSession.Start) throws -> ReadingStart
}

extension BenchmarkedBook {
    var publisherStylesApply: Bool { publisherStylesArgument == "on" }

    /// The book opened as the reader opens it, at its start, with pattern
    /// snapshots from `snapshotFolder`: its first page composed and, for a
    /// book opened a section at a time, the whole book taken in, as after a
    /// first touch. The caller stops the session.
    func openSession(geometry: PageGeometry, snapshotFolder: String?) throws -> ReaderSession {
        let start = try openForReading(geometry: geometry, background: Theme.light.background,
                                       snapshotFolder: snapshotFolder, stateStore: nil, start: .offset(0))
        var settings = ReaderSession.Settings(geometry: geometry, font: start.font, theme: .light, language: lang,
                                              lineBreaking: lineBreaking)
        settings.writingMode = writingMode
        let session = try ReaderSession(opening: start.book, path: book, settings: settings, start: .offset(0),
                                        stateStore: nil, hyphenationPreload: start.hyphenation,
                                        preparedBuffers: start.buffers)
        session.compose()
        session.waitForWholeBook()
        return session
    }

    /// `arguments` with the book (`other`, else the one benchmarked) and
    /// the options it is set with, for a fresh process of this binary.
    func childArguments(_ arguments: [String], book other: String? = nil) -> [String] {
        var all = arguments + [other ?? book, "--size", size, "--font-size", String(fontSize),
                               "--line-spacing", String(lineSpacing)]
        if let font { all += ["--font", font] }
        // The language and charset given are the benchmarked book's.
        if let lang, other == nil { all += ["--lang", lang] }
        if let encoding, other == nil { all += ["--encoding", encoding] }
        if writingMode != .auto, other == nil { all += ["--writing-mode", writingMode.rawValue] }
        return all
    }
}

/// A failure of a benchmark, explained in one line.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
