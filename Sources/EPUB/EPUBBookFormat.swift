import BookModel

/// EPUB books: recognised by their zip signature, opened a section at a
/// time for the reader, described for the library by the title and
/// authors in the package and the book's own cover image. Only the
/// container, the package and the cover are read to describe a book (the
/// first spine document when no cover is named).
public struct EPUBBookFormat: BookFormat {
    /// false: only the reader's style sheet applies, not the book's own.
    public let publisherStyles: Bool
    /// Now in ms on a monotonic clock, for the time reading a book may
    /// spend; nil: no limit.
    public let clock: (@Sendable () -> Double)?

    public init(publisherStyles: Bool = true, clock: (@Sendable () -> Double)? = nil) {
        self.publisherStyles = publisherStyles
        self.clock = clock
    }

    public var name: String { "epub" }
    /// A zip's local header and the first member's name, `mimetype`.
    public var headLength: Int { 38 }
    public var fileExtensions: Set<String> { ["epub"] }
    /// 1 listed EPUBs as books that could not be read yet.
    public var descriptionVersion: Int { 2 }

    /// A zip archive whose first member is `mimetype` is an EPUB; any other
    /// zip archive may be one (a careless packer) or a comic, as its name says.
    public func recognition(ofHead head: [UInt8], fileName: String) -> BookRecognition {
        guard head.count >= 4, head[0] == 0x50, head[1] == 0x4B else { return .no }
        guard (head[2], head[3]) == (3, 4) || (head[2], head[3]) == (5, 6) else { return .no }
        if head.count >= 38, (head[2], head[3]) == (3, 4), head[26] == 8, head[27] == 0,
           Array(head[30..<38]) == Array("mimetype".utf8) {
            return .certain
        }
        return fileExtensions.contains(BookDescription.fileExtension(fileName)) ? .containerNamed : .container
    }

    public func open(path: String, window: Int?) throws -> OpenedBook {
        let opened = try EPUBBook.open(path: path, publisherStyles: publisherStyles, clock: clock)
        return OpenedBook(book: opened.book, formatName: name,
                          trailingFacts: EPUBFacts.facts(of: opened.publication, book: opened.book))
    }

    public func openForReading(path: String) throws -> ReadingBook {
        .sectioned(try LazyEPUB(path: path, publisherStyles: publisherStyles, clock: clock))
    }

    public func earlyLanguage(path: String) -> EarlyLanguage {
        .named { EPUBBook.language(ofBookAt: path) }
    }

    public func describe(path: String) -> BookDescription {
        let fallback = BookDescription.title(ofPath: path)
        let summary: EPUBSummary
        do {
            summary = try EPUBSummary.read(path: path)
        } catch let error as EPUBError {
            return BookDescription(title: fallback, problem: Self.reason(error))
        } catch {
            return BookDescription(title: fallback, problem: "\(error)")
        }
        // An empty title or creator element names nothing.
        let title = summary.title.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        return BookDescription(title: title, authors: summary.authors.filter { !$0.isEmpty }, coverImage: summary.cover)
    }

    public func problem(of error: any Error) -> String? {
        (error as? EPUBError).map(Self.reason)
    }

    /// The problem in a few words, without the path the row already shows.
    static func reason(_ error: EPUBError) -> String {
        switch error {
        case let .damagedArchive(_, reason): return "a damaged zip archive (\(reason))"
        case .notAnEPUB: return "a zip archive, not an EPUB"
        case .missingContainer: return "an EPUB without META-INF/container.xml"
        case let .missingPackage(_, reason): return reason
        case let .unsupportedCompression(_, entry, method): return "\(entry) is compressed with \(method)"
        case .protected: return "protected by DRM"
        case let .tooLarge(_, reason): return reason
        case let .libraryMissing(_, library): return "\(library) is not installed"
        }
    }
}
