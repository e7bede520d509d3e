import BookModel
import FoundationEssentials
import PlainText
import Typesetting

/// The plain-text conventions' parsers: Project Gutenberg's frame and
/// `_italics_`, Aozora Bunko's frame, block annotations, ruby and inline
/// annotations. Whatever the text, markup lies inside it, in order, and
/// the frame and chapters point into it.
enum MarkupFuzzing {
    /// A book around the input (so its header, if it has one, is read) and
    /// the input's own markup.
    static func gutenberg(_ bytes: UnsafeBufferPointer<UInt8>) {
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
        let markup = PlainTextMarkup(aozora: false).markup(of: scalars)
        checkMarkup(markup, count: scalars.count)
        for range in markup.hidden {
            FuzzTarget.require(range.count == 1 && scalars[range.lowerBound] == 0x5F, "only underscores are Gutenberg markup")
        }
        checkBook(bytes)
    }

    static func aozora(_ bytes: UnsafeBufferPointer<UInt8>) {
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
        let markup = PlainTextMarkup(aozora: true).markup(of: scalars)
        checkMarkup(markup, count: scalars.count)
        for ruby in markup.rubies {
            FuzzTarget.require(!ruby.base.isEmpty && ruby.base.upperBound <= ruby.reading.lowerBound,
                               "a ruby base comes before its reading")
            FuzzTarget.require(markup.hidden.contains { $0.contains(ruby.reading.lowerBound) && $0.upperBound > ruby.reading.upperBound },
                               "a ruby reading is hidden from the text")
        }
        checkBook(bytes)
    }

    private static func checkMarkup(_ markup: InlineMarkup, count: Int) {
        var end = 0
        for range in markup.hidden {
            FuzzTarget.require(range.lowerBound >= end && range.upperBound <= count && !range.isEmpty,
                               "hidden markup is ordered, disjoint and inside the paragraph")
            end = range.upperBound
        }
        for run in markup.runs {
            FuzzTarget.require(run.range.lowerBound >= 0 && run.range.upperBound <= count, "styled runs are inside the paragraph")
        }
        for ruby in markup.rubies {
            FuzzTarget.require(ruby.base.lowerBound >= 0 && ruby.reading.upperBound <= count, "ruby is inside the paragraph")
        }
    }

    private static func checkBook(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = try? BookDecoder.decode(Data(buffer: bytes), path: "fuzz.txt") else { return }
        let book = Book(text: text)
        let metadata = book.metadata
        FuzzTarget.require((0...text.scalarCount).contains(metadata.bodyStart), "the body starts inside the text")
        var sawBody = false
        for paragraph in book.paragraphs {
            FuzzTarget.require(paragraph.scalars.upperBound <= text.scalarCount, "paragraphs are inside the text")
            if paragraph.scalars.lowerBound >= metadata.bodyStart, !paragraph.traits.contains(.frontMatter) { sawBody = true }
            FuzzTarget.require(!(sawBody && paragraph.traits.contains(.frontMatter)), "front matter comes before the body")
            FuzzTarget.require(!(paragraph.traits.isMatter && paragraph.style == .heading), "the frame holds no chapter")
        }
        for chapter in book.chapters {
            FuzzTarget.require((0...text.scalarCount).contains(chapter.offset) && chapter.level >= 1,
                               "chapters point into the text and have a level")
        }
    }
}
