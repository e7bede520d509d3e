import BookModel
import EPUB
import Typesetting

/// Judges shared by many tests.
extension W3CExpectation.Judge {
    /// The book opens and every phrase is on its pages.
    static func shows(_ phrases: String...) -> Self {
        .program { context in Judges.shows(context.book(), phrases) }
    }

    /// The phrases are on the pages in this order.
    static func showsInOrder(_ phrases: [String]) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            // Each phrase is looked for after the one before it.
            var positions: [Int?] = []
            var from = 0
            for phrase in phrases {
                let position = TextMatch.position(of: phrase, in: book.text, from: from)
                positions.append(position)
                if let position { from = position + 1 }
            }
            let ordered = positions.allSatisfy { $0 != nil }
            return Verdict(ordered, "\(book.pages.count) pages; positions on the pages: "
                + zip(phrases, positions).map { "\($0.0): \($0.1.map(String.init) ?? "missing")" }.joined(separator: ", "))
        }
    }

    /// The book opens and shows `shown` but never `hidden`.
    static func showsNot(_ hidden: String, showing shown: String) -> Self {
        .program { context in
            let book = context.book()
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let hasShown = TextMatch.shows(book.text, shown), hasHidden = TextMatch.shows(book.text, hidden)
            return Verdict(hasShown && !hasHidden, "\"\(shown)\" \(hasShown ? "shown" : "not shown"); "
                           + "\"\(hidden)\" \(hasHidden ? "shown" : "not shown")")
        }
    }

    /// At least one image drawn, with the phrase on the pages.
    static func drawsImage(showing phrase: String, resource: String? = nil) -> Self {
        .program { context in Judges.drawsImage(context.book(), phrase: phrase, resource: resource) }
    }

    /// The page says the document is not well-formed, and shows what it could read.
    static func reportsError(showing phrase: String) -> Self {
        .program { context in
            let book = context.book()
            // The reader reads such a document as far as it goes: refusing the book is not what it promises.
            if let error = book.error { return Verdict(false, "refused: \(error)") }
            let firstPage = book.pages.first.map { $0.lines.joined(separator: " ") } ?? ""
            let reported = TextMatch.shows(firstPage, "is not well-formed")
            let shown = TextMatch.shows(book.text, phrase)
            return Verdict(reported && shown, "first page: \(firstPage.prefix(160))")
        }
    }
}

enum Judges {
    static func shows(_ book: ObservedBook, _ phrases: [String]) -> Verdict {
        if let error = book.error { return Verdict(false, "refused: \(error)") }
        let missing = phrases.filter { !TextMatch.shows(book.text, $0) }
        if missing.isEmpty {
            return Verdict(true, "\(book.pages.count) page(s) show " + phrases.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return Verdict(false, "not on the pages: " + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                       + "; pages show: \(book.text.prefix(200))")
    }

    static func drawsImage(_ book: ObservedBook, phrase: String, resource: String?) -> Verdict {
        if let error = book.error { return Verdict(false, "refused: \(error)") }
        let blocks = imageBlocks(book).map(\.resource)
        let placed = book.pages.reduce(0) { $0 + $1.imagesPlaced }
        let drawn = book.imagesDrawn
        let wanted = resource.map { name in drawn.filter { $0.hasSuffix(name) } } ?? drawn
        let shown = TextMatch.shows(book.text, phrase)
        return Verdict(!wanted.isEmpty && shown,
                       "\(placed) image(s) placed on the pages, \(drawn.count) decoded and drawn [\(drawn.joined(separator: ", "))]; "
                       + "image blocks: [\(blocks.joined(separator: ", "))]; \"\(phrase)\" \(shown ? "shown" : "not shown")")
    }

    /// Glyphs the pages set in each embedded family.
    static func describe(embeddedGlyphs: [String: Int]) -> String {
        guard !embeddedGlyphs.isEmpty else { return "no glyph on the pages is set in an embedded font" }
        return "glyphs on the pages set in embedded fonts: "
            + embeddedGlyphs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// The images of the book's blocks.
    static func imageBlocks(_ book: ObservedBook) -> [DocumentImage] {
        (book.book?.document?.blocks ?? []).compactMap { block in
            if case let .image(image) = block.kind { return image }
            return nil
        }
    }

    /// The contents as (title, level, section name).
    static func contents(_ book: ObservedBook) -> [(title: String, level: Int, section: String)] {
        guard let full = book.book else { return [] }
        let sections = full.document?.sections ?? []
        return full.chapters.map { chapter in
            let section = sections.last { $0.offsets.lowerBound <= chapter.offset }?.name ?? ""
            return (chapter.title, chapter.level, section)
        }
    }

    static func describe(_ contents: [(title: String, level: Int, section: String)]) -> String {
        "contents: [" + contents.map { "\"\($0.title)\" -> \($0.section)" }.joined(separator: ", ") + "]"
    }

    /// Links of the blocks of sections named `section`: text, target offset, note reference.
    static func links(in book: ObservedBook, section name: String? = nil)
        -> [(text: String, target: Int, isNote: Bool, section: Int)] {
        guard let full = book.book, let document = full.document else { return [] }
        var result: [(String, Int, Bool, Int)] = []
        for (sectionIndex, section) in document.sections.enumerated() where name.map({ section.name.hasSuffix($0) }) ?? true {
            for paragraph in section.paragraphs {
                let scalars = Array(full.string(of: full.paragraphs[paragraph]).unicodeScalars)
                for link in document.blocks[paragraph].links {
                    let range = link.range.clamped(to: 0..<scalars.count)
                    let text = String(String.UnicodeScalarView(scalars[range]))
                    result.append((text, link.target, link.isNoteReference, sectionIndex))
                }
            }
        }
        return result
    }

    /// `count` characters of the book's text from `offset`.
    static func text(of book: Book, from offset: Int, count: Int) -> String {
        let text = String(decoding: book.text.utf8, as: UTF8.self)
        return String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(offset).prefix(count)))
    }

    /// The section holding an offset.
    static func section(at offset: Int, in book: ObservedBook) -> BookSection? {
        book.book?.document?.sections.last { $0.offsets.lowerBound <= offset }
    }

    /// How a title shows in the interface: its own direction, or the
    /// package's; `auto` and none take the first strong character's.
    static func displayDirection(_ line: PackageDocument.MetadataText) -> String {
        if let direction = line.direction, direction == "rtl" || direction == "ltr" { return direction }
        for scalar in line.text.unicodeScalars where scalar.properties.isAlphabetic {
            // Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms are strong right-to-left.
            let rightToLeft = (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value)
                || (0xFE70...0xFEFF).contains(scalar.value)
            return rightToLeft ? "rtl" : "ltr"
        }
        return "ltr"
    }
}
