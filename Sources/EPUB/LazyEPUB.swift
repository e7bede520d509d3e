import BookModel
import Threading
import Typesetting

/// An EPUB opened a spine document at a time for the reader: opening reads
/// the container, the package and the manifest's style sheets only; the
/// spine document holding the place to show is read when asked for, and
/// the whole book on a thread of its own once asked to start.
public final class LazyEPUB: SectionedBookReading, @unchecked Sendable {
    private let source: EPUBSource
    private let condition = Condition()
    private let whole: BackgroundRead<OpenedEPUB>
    /// A section read ahead, until it is asked for.
    private var readAhead: (index: Int, book: Book)?

    public let stateKey: String
    public let sectionCount: Int
    public let firstShownSection: Int
    private let linear: [Bool]
    private let sizes: [Int]

    /// Opens the EPUB at `path`; throws as `EPUBBook.open` does for a book
    /// that cannot be read. `clock` is as `EPUBBook.open` takes it.
    public init(path: String, publisherStyles: Bool = true, clock: (@Sendable () -> Double)? = nil) throws {
        source = try EPUBSource(path: path, publisherStyles: publisherStyles, clock: clock)
        stateKey = source.stateKey
        let spine = source.package.spine
        sectionCount = spine.count
        // When no document is linear all are read in order (as `ChapterSegments` pages them).
        let anyLinear = spine.contains(where: \.isLinear)
        linear = spine.map { $0.isLinear || !anyLinear }
        firstShownSection = linear.firstIndex(of: true) ?? 0
        sizes = source.spineSizes
        whole = BackgroundRead(name: "book sections") { [source] stopped in source.wholeBook(until: stopped) }
    }

    /// What the package says of the book, for the log and the interface before the text is read.
    public var package: PackageDocument { source.package }

    public func isShown(section index: Int) -> Bool { linear.indices.contains(index) && linear[index] }

    public func book(ofSection index: Int) -> Book {
        let ready = condition.withLock {
            defer { readAhead = nil }
            return readAhead?.index == index ? readAhead?.book : nil
        }
        return ready ?? source.book(ofSection: index)
    }

    /// Reads section `index` now, on this thread, for `book(ofSection:)`
    /// to give at once: the reader reads it while it waits for its font.
    /// Its pages are laid out later, for whatever screen.
    public func readAhead(section index: Int, screen: PageGeometry) {
        guard (0..<sectionCount).contains(index) else { return }
        let book = source.book(ofSection: index)
        condition.withLock { readAhead = (index, book) }
    }

    /// Scaled from the documents' sizes in the zip's directory: markup
    /// takes about the same share of every document of a book.
    public func estimatedPlace(ofSection index: Int, characters: Int) -> (charactersBefore: Int, length: Int) {
        guard sizes.indices.contains(index) else { return (0, characters) }
        let perByte = Double(characters) / Double(max(1, sizes[index]))
        let before = sizes[..<index].reduce(0, +)
        let all = sizes.reduce(0, +)
        return (Int(Double(before) * perByte), max(characters, Int(Double(all) * perByte)))
    }

    public func startReadingWholeBook() { whole.start() }

    public var wholeBookIfRead: Book? { whole.valueIfRead?.book }

    /// The whole book with what its package and navigation say.
    public func waitForWholePublication() -> OpenedEPUB { whole.wait() }

    public func waitForWholeBook() -> Book { waitForWholePublication().book }

    public func stopReading() { whole.stop() }
}
