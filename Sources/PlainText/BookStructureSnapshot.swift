import BookModel

/// What cutting a decoded text into paragraphs found (paragraphs,
/// chapters, metadata), in bytes that give it back without cutting again:
/// a long novel takes some 10 ms to cut, the bytes a fraction of one.
/// The snapshot's key names the text it was made from (its hash, its
/// length in bytes and characters) and the program that made them (see
/// `ByteWriter(snapshot:)`); every range read is checked against the text.
/// Anything else, or a damaged file, is refused: the text is cut again.
enum BookStructureSnapshot {
    static let magic: [UInt8] = Array("ebook-fb book structure\n".utf8)
    static let formatVersion: UInt32 = 1
    private static let styles: [ParagraphStyle] = [.body, .preserved, .heading, .contents]

    static func encode(_ book: Book, textHash: UInt64, program: String) -> [UInt8] {
        var out = ByteWriter(snapshot: magic, version: formatVersion,
                             key: key(textHash: textHash, text: book.text, program: program))
        out.append(UInt32(book.paragraphs.count))
        for paragraph in book.paragraphs {
            out.append(UInt8(styles.firstIndex(of: paragraph.style) ?? 0))
            out.append(paragraph.traits.rawValue)
            out.append(paragraph.blockIndent)
            out.append(UInt32(paragraph.bytes.lowerBound))
            out.append(UInt32(paragraph.bytes.upperBound))
            out.append(UInt32(paragraph.scalars.lowerBound))
            out.append(UInt32(paragraph.scalars.upperBound))
        }
        out.append(UInt32(book.chapters.count))
        for chapter in book.chapters {
            out.append(counted: Array(chapter.title.utf8))
            out.append(UInt32(chapter.offset))
            out.append(UInt32(chapter.level))
        }
        let metadata = book.metadata
        out.append(optional: metadata.title.map { Array($0.utf8) })
        out.append(UInt32(metadata.authors.count))
        for author in metadata.authors { out.append(counted: Array(author.utf8)) }
        out.append(optional: metadata.language.map { Array($0.utf8) })
        out.append(UInt32(metadata.bodyStart))
        out.append(UInt8(metadata.usesAozoraNotation ? 1 : 0))
        return out.sealed()
    }

    /// The book of `text` as the snapshot in `bytes` gives it; nil unless
    /// the snapshot was made from this very text by this program, whole.
    static func decode(_ bytes: UnsafeRawBufferPointer, text: DecodedText, textHash: UInt64, program: String) -> Book? {
        guard var input = ByteReader(snapshot: bytes, magic: magic, version: formatVersion,
                                     key: key(textHash: textHash, text: text, program: program)),
              let paragraphs = decodeParagraphs(&input, text: text),
              let chapters = decodeChapters(&input, text: text),
              let metadata = decodeMetadata(&input, text: text), input.isAtEnd else { return nil }
        return Book(text: text, paragraphs: paragraphs, chapters: chapters, metadata: metadata, textHash: textHash,
                    textMarkup: PlainTextMarkup(aozora: metadata.usesAozoraNotation))
    }

    private static func key(textHash: UInt64, text: DecodedText, program: String) -> String {
        "\(textHash) \(text.utf8.count) \(text.scalarCount)\n\(program)"
    }

    private static func decodeParagraphs(_ input: inout ByteReader, text: DecodedText) -> [Paragraph]? {
        guard let count = input.uint32().map(Int.init), count <= input.remaining / 19 else { return nil }
        var paragraphs: [Paragraph] = []
        paragraphs.reserveCapacity(count)
        for _ in 0..<count {
            guard let style = input.uint8().map(Int.init), styles.indices.contains(style),
                  let traits = input.uint8(), let indent = input.uint8(),
                  let bytes = range(&input, limit: text.utf8.count),
                  let scalars = range(&input, limit: text.scalarCount) else { return nil }
            var paragraph = Paragraph(style: styles[style], bytes: bytes, scalars: scalars,
                                      traits: ParagraphTraits(rawValue: traits))
            paragraph.blockIndent = indent
            paragraphs.append(paragraph)
        }
        return paragraphs
    }

    private static func decodeChapters(_ input: inout ByteReader, text: DecodedText) -> [Chapter]? {
        guard let count = input.uint32().map(Int.init), count <= input.remaining / 12 else { return nil }
        var chapters: [Chapter] = []
        chapters.reserveCapacity(count)
        for _ in 0..<count {
            guard let title = string(&input), let offset = input.uint32().map(Int.init), offset <= text.scalarCount,
                  let level = input.uint32().map(Int.init) else { return nil }
            chapters.append(Chapter(title: title, offset: offset, level: level))
        }
        return chapters
    }

    private static func decodeMetadata(_ input: inout ByteReader, text: DecodedText) -> BookMetadata? {
        guard let title = optionalString(&input), let authorCount = input.uint32().map(Int.init),
              authorCount <= input.remaining / 4 else { return nil }
        var authors: [String] = []
        for _ in 0..<authorCount {
            guard let author = string(&input) else { return nil }
            authors.append(author)
        }
        guard let language = optionalString(&input), let bodyStart = input.uint32().map(Int.init),
              bodyStart <= text.scalarCount, let aozora = input.uint8(), aozora <= 1 else { return nil }
        var metadata = BookMetadata(title: title, authors: authors, language: language, bodyStart: bodyStart)
        metadata.usesAozoraNotation = aozora == 1
        return metadata
    }

    private static func range(_ input: inout ByteReader, limit: Int) -> Range<Int>? {
        guard let lower = input.uint32().map(Int.init), let upper = input.uint32().map(Int.init),
              lower <= upper, upper <= limit else { return nil }
        return lower..<upper
    }

    private static func string(_ input: inout ByteReader) -> String? {
        input.counted().map { String(decoding: $0, as: UTF8.self) }
    }

    private static func optionalString(_ input: inout ByteReader) -> String?? {
        input.optionalCounted().map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
