import BookModel

/// Comic books: the images of an archive libarchive reads (CBZ, CBT, CB7,
/// CBR and any other it opens) or of a folder, a fixed page each.
/// Recognised by the archive's signature; a zip archive is a comic when
/// its name says so (an EPUB is a zip that starts with its `mimetype`).
public struct ComicFormat: BookFormat {
    public init() {}

    public var name: String { "comic" }
    /// Far enough for a tar header's `ustar` mark.
    public var headLength: Int { 263 }
    public var fileExtensions: Set<String> { ["cbz", "cbt", "cb7", "cbr", "cba"] }
    public var descriptionVersion: Int { 1 }
    public var readsFolders: Bool { true }

    public func recognition(ofHead head: [UInt8], fileName: String) -> BookRecognition {
        let named = fileExtensions.contains(BookDescription.fileExtension(fileName))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return named ? .containerNamed : .container }
        let sevenZip: [UInt8] = [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]
        let rar: [UInt8] = Array("Rar!".utf8) + [0x1A, 0x07]
        if starts(sevenZip) || starts(rar) || starts(Array("ustar".utf8), at: 257) { return .certain }
        // An old tar has no mark: its name says what it is, and libarchive reads it.
        return named ? .fallbackNamed : .no
    }

    public func open(path: String, window: Int?) throws -> OpenedBook {
        let comic = try ComicBook(path: path)
        var facts = BookFacts()
        if let series = comic.info?.series { facts.add("series", series) }
        if let number = comic.info?.number { facts.add("number", number) }
        return OpenedBook(book: comic.book(), formatName: name, trailingFacts: facts)
    }

    public func openForReading(path: String) throws -> ReadingBook {
        .sectioned(PagedBookReading(source: try ComicBook(path: path)))
    }

    public func earlyLanguage(path: String) -> EarlyLanguage {
        .named { (try? ComicBook(path: path))?.info?.language }
    }

    /// Reads the archive's directory, ComicInfo.xml and the cover's image only.
    public func describe(path: String) -> BookDescription {
        let comic: ComicBook
        do {
            comic = try ComicBook(path: path)
        } catch {
            return BookDescription(title: BookDescription.title(ofPath: path), problem: error.reason)
        }
        let cover = try? comic.container.read(comic.pageNames[comic.coverPage], limit: DocumentLimits.resourceBytes)
        return BookDescription(title: comic.metadata.title ?? BookDescription.title(ofPath: path), authors: comic.metadata.authors,
                               coverImage: cover, language: comic.metadata.language)
    }

    public func problem(of error: any Error) -> String? {
        (error as? ComicError)?.reason
    }
}
