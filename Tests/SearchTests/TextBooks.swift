import BookModel
import Glibc
@testable import Search

/// Books made from a string for the search tests: paragraphs between blank
/// lines, as a text file's reader cuts them, and chapters as given.
enum TextBooks {
    static func book(_ text: String, chapters: [Chapter] = []) -> Book {
        let utf8 = Array(text.utf8)
        var paragraphs: [Paragraph] = []
        var byte = 0, scalar = 0, start: (byte: Int, scalar: Int)?
        var previousWasLineEnd = false
        for character in text.unicodeScalars {
            let width = UTF8.width(character)
            if character == "\n", previousWasLineEnd, let open = start {
                paragraphs.append(Paragraph(style: .body, bytes: open.byte..<byte - 1, scalars: open.scalar..<scalar - 1))
                start = nil
            } else if start == nil, character != "\n" {
                start = (byte, scalar)
            }
            previousWasLineEnd = character == "\n"
            byte += width
            scalar += 1
        }
        if let open = start { paragraphs.append(Paragraph(style: .body, bytes: open.byte..<byte, scalars: open.scalar..<scalar)) }
        let decoded = DecodedText(utf8: utf8, scalarCount: scalar, encoding: .utf8, encodingConfidence: 100, encodingLanguage: nil,
                                  sourceByteCount: utf8.count, sourceBytesDecoded: utf8.count)
        return Book(text: decoded, paragraphs: paragraphs, chapters: chapters, metadata: BookMetadata())
    }

    /// The book's characters a hit covers, taken by scalar offsets.
    static func slice(_ hit: SearchHit, of book: Book) -> String {
        let scalars = Array(String(decoding: book.text.utf8, as: UTF8.self).unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[hit.scalars])
        return String(view)
    }

    /// The book's characters a hit covers, taken by bytes.
    static func byteSlice(_ hit: SearchHit, of book: Book) -> String {
        String(decoding: book.text.utf8[hit.bytes], as: UTF8.self)
    }

    /// What each hit of `query` in `text` covers.
    static func found(_ query: String, in text: String, matching: SearchMatching = .ignoringCaseAndAccents) -> [String] {
        let book = book(text)
        return BookSearch(text: book.text).hits(of: query, matching: matching).map { slice($0, of: book) }
    }
}
