import BookModel
import BookStorage

/// A PDF as a book of fixed pages, each drawn by MuPDF and carrying its
/// text: made a page at a time, so the page to show comes at once.
public final class PDFPages: PagedBookSource {
    public let document: PDFDocument
    public let stateKey: String
    public let metadata: BookMetadata
    private let ahead = PageReadAhead()
    /// The outline and the page labels, read when first asked for: the
    /// page a book opens at waits for neither.
    private let navigation: DocumentNavigation

    /// A page MuPDF cannot read takes this size (US Letter, in points) and shows its outline.
    static let damagedPageSize = (width: 612.0, height: 792.0)

    public init(path: String) throws {
        let document = try PDFDocument(path: path)
        guard document.pageCount > 0 else { throw PDFError.unreadable(path: path, reason: "no page could be read") }
        self.document = document
        stateKey = try Self.stateKey(ofFileAt: path)
        metadata = PDFMetadata.read(document)
        navigation = DocumentNavigation(document)
    }

    /// The contents: the outline's entries that go to a page.
    public var contents: [ContentsEntry] { navigation.contents }
    /// Each page's label, when the document labels its pages.
    public var pageLabels: [String]? { navigation.pageLabels }

    public var format: DocumentFormat { .pdf }
    public var pageCount: Int { document.pageCount }
    public var pageProgression: PageProgression { .leftToRight }
    public var resources: DocumentResources? { nil }

    /// A PDF page is shown alone (it never pairs), fitted to the screen:
    /// so it is drawn ahead at that size.
    public func readAhead(_ index: Int, screen: PageGeometry) {
        guard (0..<pageCount).contains(index) else { return }
        ahead.start(index, of: document, screen: screen)
    }

    public func page(_ index: Int, withText: Bool) -> (page: FixedPage, text: String) {
        let drawing = PageDrawingReference(PDFPageDrawing(document: document, index: index, drawnAhead: ahead))
        let read = withText ? try? document.page(index, withText: true)
            : ahead.page(index) { try? document.page(index, withText: false) }
        guard let read else {
            let size = Self.damagedPageSize
            return (FixedPage(width: size.width, height: size.height, content: .drawn(drawing), pairs: false), "")
        }
        // A PDF page is shown alone: it was laid out as a page of its own.
        return (FixedPage(width: read.width, height: read.height, content: .drawn(drawing), pairs: false, links: read.links),
                read.text)
    }

    /// The file's first bytes and its size: the same file keeps its
    /// place wherever it is copied, without reading a large file whole.
    static func stateKey(ofFileAt path: String) throws -> String {
        let head = try BookFileReader.read(path: path, limit: 1 << 16)
        var bytes = head.bytes
        withUnsafeBytes(of: UInt64(head.fileSize).littleEndian) { bytes += $0 }
        let hex = String(bytes.withUnsafeBytes(ByteHash.hash64), radix: 16)
        return "pdf-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
