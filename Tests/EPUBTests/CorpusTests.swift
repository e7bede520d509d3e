@testable import EPUB
import Foundation
import Typesetting
import XCTest

/// The shared sample books: every character of the linear spine's text is
/// in the book's text, in order (generated text such as list markers and
/// quotation marks may come between).
final class EPUBCorpusTests: XCTestCase {
    private static let books = ["moby-dick", "childrens-literature", "wasteland-otf-obf", "regime-anticancer-arabic"]

    /// The visible characters of a document's body, read by a plain tag
    /// scanner rather than the reader's own parser: text outside tags,
    /// without script, style and head, entities of XML decoded.
    static func bodyText(_ xhtml: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var rest = Substring(xhtml)
        guard let body = rest.firstRange(of: "<body") else { return [] }
        rest = rest[body.lowerBound...]
        // The element being skipped (script, style, or one marked hidden) and how deep in it the scan is.
        var skipping: (name: String, depth: Int)?
        while let open = rest.firstIndex(of: "<") {
            if skipping == nil { result += visible(decoded(rest[..<open])) }
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close].lowercased()
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" })
            let selfClosing = tag.hasSuffix("/")
            if let skipped = skipping {
                if name == skipped.name, !selfClosing { skipping?.depth += 1 }
                if tag.hasPrefix("/"), String(tag.dropFirst()) == skipped.name {
                    skipping = skipped.depth == 0 ? nil : (skipped.name, skipped.depth - 1)
                }
            } else if !selfClosing, ["script", "style"].contains(name) || tag.contains(" hidden") {
                skipping = (name, 0)
            }
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    /// XML's five entities and numeric character references decoded.
    private static func decoded(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) < 12 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&", "nbsp": "\u{A0}"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// Characters of `source` not found in `shown` in order: where the two
    /// differ, the next dozen characters of one are looked for a little
    /// further in the other, to step over what one has and the other not.
    static func missing(_ source: [Unicode.Scalar], in shown: [Unicode.Scalar]) -> Int {
        func find(_ probe: ArraySlice<Unicode.Scalar>, in text: [Unicode.Scalar], from start: Int) -> Int? {
            guard !probe.isEmpty else { return nil }
            let end = min(text.count - probe.count, start + 3000)
            guard start <= end else { return nil }
            return (start...end).first { text[$0..<$0 + probe.count].elementsEqual(probe) }.map { $0 - start }
        }
        var i = 0, j = 0, lost = 0
        while i < source.count, j < shown.count {
            if source[i] == shown[j] { i += 1; j += 1; continue }
            if let skip = find(shown[j..<min(j + 12, shown.count)], in: source, from: i), skip > 0 { lost += skip; i += skip; continue }
            if let skip = find(source[i..<min(i + 12, source.count)], in: shown, from: j), skip > 0 { j += skip; continue }
            lost += 1; i += 1; j += 1
        }
        return lost + source.count - i
    }

    static func visible(_ text: String) -> [Unicode.Scalar] {
        text.lowercased().unicodeScalars.filter { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format && scalar.properties.generalCategory != .lineSeparator
        }
    }

    func testEveryCharacterOfTheLinearSpineIsInTheBookInOrder() throws {
        for name in Self.books {
            let path = SharedCorpus.samples + "/\(name).epub"
            try XCTSkipUnless(SharedCorpus.exists(path), "the shared EPUB samples are absent")
            let opened = try EPUBBook.open(path: path)
            let container = try EPUBContainer(path: path)
            let package = container.package
            var source: [Unicode.Scalar] = []
            for itemref in package.spine where itemref.isLinear {
                guard let item = package.manifest[itemref.idref], item.mediaType == "application/xhtml+xml" else { continue }
                let bytes = try container.archive.read(item.path, limit: 1 << 24)
                source += Self.bodyText(String(decoding: bytes, as: UTF8.self))
            }
            let shown = Self.visible(String(decoding: opened.book.text.utf8, as: UTF8.self))
            let missing = Self.missing(source, in: shown)
            XCTAssertGreaterThan(source.count, 10_000, name)
            XCTAssertLessThanOrEqual(missing, source.count / 1000, "\(name): \(missing) of \(source.count) characters missing")
            XCTAssertTrue(opened.book.document?.notices.isEmpty ?? false, "\(name): \(opened.book.document?.notices ?? [])")
        }
    }

    func testTheSamplesMetadataAndContents() throws {
        let moby = SharedCorpus.samples + "/moby-dick.epub"
        try XCTSkipUnless(SharedCorpus.exists(moby), "the shared EPUB samples are absent")
        let book = try EPUBBook.open(path: moby)
        XCTAssertEqual(book.book.metadata.title, "Moby-Dick")
        XCTAssertEqual(book.book.metadata.authors, ["Herman Melville"])
        XCTAssertGreaterThanOrEqual(book.book.chapters.count, 140)
        XCTAssertEqual(book.publication.cover, "OPS/images/9780316000000.jpg")
        XCTAssertEqual(book.book.document?.sections.first?.isLinear, false, "the cover is outside the linear spine")
        let children = try EPUBBook.open(path: SharedCorpus.samples + "/childrens-literature.epub")
        XCTAssertEqual(Set(children.book.chapters.map(\.level)).isSuperset(of: [1, 2]), true)
        XCTAssertGreaterThan(children.publication.navigation.pageList.count, 50)
        let arabic = try EPUBBook.open(path: SharedCorpus.samples + "/regime-anticancer-arabic.epub")
        XCTAssertEqual(arabic.book.document?.pageProgression, .rightToLeft)
        XCTAssertEqual(arabic.book.metadata.language, "ar")
    }
}
