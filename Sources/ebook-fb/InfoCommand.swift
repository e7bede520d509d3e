import ArgumentParser
import EPUB
import Reader
import Typesetting

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a book: format, metadata, size, paragraphs and chapters.")

    @Argument(help: "The book file.")
    var book: String

    @Option(name: .long, help: "The book's charset (any name ICU knows) instead of detecting it.")
    var encoding: String?

    @Option(name: .customLong("publisher-styles"), help: "on: an EPUB's own style sheets apply; off: only the reader's.")
    var publisherStyles: PublisherStyles = .on

    @Flag(help: "Print one JSON object (the only format).")
    var json = false

    func run() throws {
        let given = try encoding.map { name throws(TypesettingError) in try TextEncoding.named(name) }
        let file = try BookFile.open(path: book, encoding: given, publisherStyles: publisherStyles == .on)
        let book = file.book
        var object = JSONLine()
        object.add("format", file.format.rawValue)
        if file.epub == nil {
            object.add("encoding", book.text.encoding.name)
            object.add("encoding_confidence", book.text.encodingConfidence)
            object.add("bytes", book.text.sourceByteCount)
        }
        object.add("characters", book.text.scalarCount)
        object.add("paragraphs", book.paragraphs.count)
        let metadata = book.metadata
        if let title = metadata.title { object.add("title", title) }
        object.add("authors", strings: metadata.authors)
        if let language = book.language { object.add("language", language) }
        if let epub = file.epub {
            EPUBInfo.add(epub, of: book, to: &object)
        } else {
            object.add("body_start", metadata.bodyStart)
            object.add("chapters", objects: book.chapters.map(Self.entry(of:)))
        }
        print(object.text)
    }

    /// A chapter as `{"title", "offset", "level"}`.
    static func entry(of chapter: Chapter) -> JSONLine {
        var entry = JSONLine()
        entry.add("title", chapter.title)
        entry.add("offset", chapter.offset)
        entry.add("level", chapter.level)
        return entry
    }
}
