import ArgumentParser
import BookFormats
import BookModel
import PlainText
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

    @Option(name: .customLong("writing-mode"), help: "auto, horizontal or vertical: the writing_mode reported is the one the book is set in so.")
    var writingMode: WritingModeChoice = .auto

    @Flag(help: "Print one JSON object (the only format).")
    var json = false

    func run() throws {
        let given = try encoding.map { name throws(BookError) in try TextEncoding.named(name) }
        let opened = try BookFormats(encoding: given, publisherStyles: publisherStyles == .on).open(path: book)
        let book = opened.book
        var object = JSONLine()
        object.add("format", opened.formatName)
        object.add(opened.leadingFacts)
        object.add("characters", book.text.scalarCount)
        object.add("paragraphs", book.paragraphs.count)
        let metadata = book.metadata
        if let title = metadata.title { object.add("title", title) }
        object.add("authors", strings: metadata.authors)
        if let language = book.language { object.add("language", language) }
        object.add(opened.trailingFacts)
        object.add("writing_mode", writingMode.resolve(book.writingMode).rawValue)
        if let document = book.document, book.hasFixedPages {
            // An EPUB's facts give its direction already.
            if document.format != .epub { object.add("direction", document.pageProgression.rawValue) }
            object.add("pages", Self.pageCount(of: document))
        }
        print(object.text)
    }

    /// The book's own pages: each fixed page, and each section of flowing
    /// text as one (how many screen pages it takes depends on the screen).
    static func pageCount(of document: BookDocument) -> Int {
        let shown = document.sections.filter(\.isLinear)
        return (shown.isEmpty ? document.sections : shown).count
    }
}

extension JSONLine {
    /// Each of the facts, in their order.
    mutating func add(_ facts: BookFacts) {
        for (key, value) in facts.entries { add(key, value) }
    }

    mutating func add(_ key: String, _ value: BookFacts.Value) {
        switch value {
        case let .int(number): add(key, number)
        case let .bool(flag): add(key, flag)
        case let .string(text): add(key, text)
        case .null: addNull(key)
        case let .strings(texts): add(key, strings: texts)
        case let .facts(facts): add(key, object: JSONLine(facts))
        case let .list(list): add(key, objects: list.map(JSONLine.init))
        }
    }

    init(_ facts: BookFacts) {
        self.init()
        add(facts)
    }
}
