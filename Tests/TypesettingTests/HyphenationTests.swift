import BookModel
import Foundation
import PlainText
import Threading
import XCTest
@testable import Typesetting

final class HyphenationTests: XCTestCase {
    /// A preload started as the reader starts it, on a start-up thread.
    private func started(bookPath: String, language: String?) -> HyphenationPreload {
        let work = StartupWork()
        let preload = HyphenationPreload(language: language, bookLanguage: PlainTextFormat().earlyLanguage(path: bookPath), on: work)
        work.start(name: "hyphenation")
        return preload
    }

    private func lookedUp(path: String?) throws -> FontFile {
        let work = StartupWork()
        let lookup = FontPreload(path: path, on: work)
        work.start(name: "font lookup")
        return try lookup.file()
    }

    private func hyphenator(_ language: String) throws -> Hyphenator {
        guard let hyphenator = Hyphenator(language: language) else {
            throw XCTSkip("no hyphenation dictionary for \(language) (hyphen-\(language) packages)")
        }
        return hyphenator
    }

    private func points(_ word: String, _ language: String) throws -> [Int] {
        try hyphenator(language).points(in: word.unicodeScalars.map(\.value))
    }

    func testDictionariesOfFiveLanguagesInTheirOwnEncodings() throws {
        XCTAssertEqual(try points("hyphenation", "en"), [2, 6])           // hy-phen-ation
        XCTAssertEqual(try points("Verwandlung", "de"), [3, 7])           // Ver-wand-lung (ISO-8859-1 dictionary)
        XCTAssertEqual(try points("Gesellschaft", "de").contains(6), true) // Gesell-schaft
        XCTAssertFalse(try points("государство", "ru").isEmpty)          // KOI8-R dictionary
        XCTAssertFalse(try points("éléphantesque", "fr").isEmpty)
        XCTAssertEqual(try points("canción", "es"), [3])                  // can-ción
    }

    func testShortWordsAndWordsOfOtherScriptsAreNotHyphenated() throws {
        XCTAssertEqual(try points("dog", "en"), [])
        XCTAssertEqual(try points("государство", "de"), [])
    }

    func testPointsAreMarkedOnlyWhereNoBreakIsAllowedAlready() throws {
        let text = "unbelievable things".unicodeScalars.map(\.value)
        var breaks = [BreakOpportunity](repeating: .none, count: text.count)
        breaks[12] = .allowed
        try hyphenator("en").mark(text, breaks: &breaks)
        XCTAssertEqual(breaks[12], .allowed)
        XCTAssertTrue(breaks[0..<12].contains(.hyphen))
        XCTAssertFalse(breaks[13...].contains(.hyphen), "things is too short to break")
    }

    private func narrowTypesetter(_ text: String, language: String? = "en") throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: 260, height: 600, fontSize: 16, sideMargin: 20),
                              font: FontFile(path: SharedData.defaultFont), language: language)
    }

    func testHyphenatedLinesEndWithAHyphenGlyphAndTextKeepsEveryLetter() throws {
        let prose = Array(repeating: "Extraordinarily comprehensive administrative responsibilities notwithstanding,", count: 6)
            .joined(separator: " ")
        let setter = try narrowTypesetter(prose)
        let pagination = setter.paginate(collectText: true)
        let lines = pagination.pageLines.flatMap { $0 }
        let hyphenated = lines.filter { $0.hasSuffix("\u{2010}") }
        XCTAssertFalse(hyphenated.isEmpty, "\(lines)")
        let rejoined = lines.map { $0.hasSuffix("\u{2010}") ? String($0.dropLast()) : $0 + " " }.joined()
        XCTAssertEqual(rejoined.trimmingCharacters(in: .whitespaces), prose)
        // The hyphen is drawn, once per hyphenated line (the text has no hyphens of its own).
        let page = setter.layoutPage(0, of: pagination)
        let drawn = page.glyphs.filter { $0.face == setter.fonts.body.id && $0.glyph == setter.fonts.body.hyphenGlyph }
        XCTAssertEqual(drawn.count, pagination.pageLines[0].filter { $0.hasSuffix("\u{2010}") }.count)
        XCTAssertGreaterThan(drawn.count, 0)
    }

    func testSoftHyphensAreBreakPointsEvenWithoutADictionary() throws {
        let word = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft"
        let setter = try narrowTypesetter(Array(repeating: word, count: 4).joined(separator: " "), language: "xx")
        let lines = setter.paginate(collectText: true).pageLines.flatMap { $0 }
        XCTAssertTrue(lines.contains { $0.hasSuffix("\u{2010}") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasSuffix("\u{AD}\u{2010}") }, "the soft hyphen gives way to the drawn one")
    }

    func testLanguageIsDetectedFromTheText() {
        XCTAssertEqual(LanguageDetector.detect("The cat and the dog were in the garden, and it was warm."), "en")
        XCTAssertEqual(LanguageDetector.detect("Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett zu einem ungeheueren Ungeziefer verwandelt. Er lag auf dem Rücken und die Decke war nicht da."), "de")
        XCTAssertEqual(LanguageDetector.detect("Il était une fois une petite fille qui vivait dans la forêt et que tout le monde aimait."), "fr")
        XCTAssertEqual(LanguageDetector.detect("Все счастливые семьи похожи друг на друга."), "ru")
        XCTAssertEqual(LanguageDetector.detect("すべての人間は、生まれながらにして自由であり"), "ja")
        XCTAssertNil(LanguageDetector.detect("1234 5678"))
    }

    /// Patterns loaded while a book opens are those of the language the
    /// typesetter finds in the whole book, for books in several languages
    /// and encodings, and a typesetter given them lays pages out exactly as
    /// one that loads its own.
    func testPatternsLoadedWhileABookOpensAreThoseOfItsLanguage() throws {
        let books = try SharedData.books()
        for name in ["en_war_and_peace_2600-0.txt", "de_kafka_verwandlung_22367-0.txt",
                     "fr_monte_cristo_t1_17989.latin1.txt", "ru_chekhov_duel.txt", "en_tom_sawyer_74-0.cp1252.txt"] {
            let path = books.appendingPathComponent(name).path
            let book = try Book.open(path: path)
            let geometry = PageGeometry(width: 600, height: 800, fontSize: 17)
            let own = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont))
            guard let language = own.language, own.services.hyphenator != nil else { continue }
            let preload = started(bookPath: path, language: nil)
            XCTAssertEqual(preload.patterns(for: language)?.language, language, name)
            XCTAssertNil(preload.patterns(for: language == "en" ? "de" : "en"), name)
            let preloaded = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont),
                                           hyphenationPreload: preload)
            var ownPages = Paginator(typesetter: own), preloadedPages = Paginator(typesetter: preloaded)
            _ = ownPages.step(paragraphs: 300)
            _ = preloadedPages.step(paragraphs: 300)
            XCTAssertEqual(ownPages.result.pages, preloadedPages.result.pages, name)
        }
    }

    /// The preload offers its detection only for the very sample the
    /// typesetter would read; then it is the typesetter's own answer.
    func testTheLanguageFoundWhileABookOpensIsOfferedOnlyForTheSameSample() throws {
        let books = try SharedData.books()
        for name in ["en_war_and_peace_2600-0.txt", "fr_monte_cristo_t1_17989.latin1.txt", "ru_chekhov_duel.txt",
                     "en_alice_11-0_crlf.txt"] {
            let path = books.appendingPathComponent(name).path
            let book = try Book.open(path: path)
            let preload = started(bookPath: path, language: nil)
            let offered = try XCTUnwrap(preload.detectedLanguage(of: book.text), name)
            XCTAssertEqual(offered, LanguageDetector.detect(in: book.text), name)
            // Another text (here the book without its first paragraph) is not offered an answer.
            let shifted = try BookDecoder.decode(Data(book.text.utf8.dropFirst(book.paragraphs[1].bytes.lowerBound)),
                                                 path: name)
            XCTAssertNil(preload.detectedLanguage(of: shifted), name)
        }
        // A language given leaves nothing detected to offer.
        let given = started(bookPath: books.appendingPathComponent("en_alice_11-0.txt").path, language: "en")
        let alice = try Book.open(path: books.appendingPathComponent("en_alice_11-0.txt").path)
        XCTAssertNil(given.detectedLanguage(of: alice.text))
    }

    func testAFontLookedUpMeanwhileIsTheOneLookedUpAtOnceAndAMissingFileIsReported() throws {
        XCTAssertEqual(try lookedUp(path: nil), try FontSet.resolve(path: nil))
        XCTAssertEqual(try lookedUp(path: SharedData.defaultFont), FontFile(path: SharedData.defaultFont))
        XCTAssertThrowsError(try lookedUp(path: "/nonexistent/font.ttf")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"), "\(error)")
        }
    }
}
