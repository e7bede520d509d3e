import Foundation
import XCTest
@testable import Dictionaries

/// StarDict dictionaries made here: .ifo, .idx (32- and 64-bit), .syn, field types.
final class StarDictTests: XCTestCase {
    private let words: [(word: String, data: [UInt8])] = [
        ("ebook", Array("A book in electronic form.".utf8)),
        ("Kiosk", Array("A small stand with a screen.".utf8)),
        ("kiosk", Array("A pavilion open on its sides.".utf8)),
        ("zebra", Array("An African equid with stripes.".utf8)),
        ("run", Array("To move swiftly on foot.".utf8)),
    ]

    func testWordsAreFoundWithoutRegardToCaseAndSynonymsLeadToTheirEntry() throws {
        let folder = try DictionaryFiles.folder()
        let info = try DictionaryFiles.writeStarDict(words, synonyms: [("ran", "run"), ("running", "run"), ("e-book", "ebook")],
                                                     sameTypeSequence: "m", name: "test", in: folder)
        let dictionary = StarDictDictionary(infoPath: info)
        XCTAssertEqual(dictionary.title, "test")
        XCTAssertEqual(try dictionary.entries(for: "KIOSK").map(\.definition),
                       ["A small stand with a screen.", "A pavilion open on its sides."])
        XCTAssertEqual(dictionary.title, "test book", "the .ifo's bookname once read")
        let running = try dictionary.entries(for: "running")
        XCTAssertEqual(running.map(\.headword), ["run"])
        XCTAssertEqual(running.map(\.definition), ["To move swiftly on foot."])
        XCTAssertEqual(try dictionary.entries(for: "zebra").map(\.definition), ["An African equid with stripes."])
        XCTAssertEqual(try dictionary.entries(for: "e-book").map(\.headword), ["ebook"])
        XCTAssertEqual(try dictionary.entries(for: "yak"), [])
    }

    func testSixtyFourBitOffsetsAreRead() throws {
        let folder = try DictionaryFiles.folder()
        let info = try DictionaryFiles.writeStarDict(words, sameTypeSequence: "m", offsetBits: 64, name: "wide", in: folder)
        XCTAssertEqual(try StarDictDictionary(infoPath: info).entries(for: "zebra").map(\.definition), ["An African equid with stripes."])
    }

    func testFieldsOfEveryKindBecomeText() throws {
        XCTAssertEqual(try StarDictFields.text(of: Array("<b>bold</b> &amp; <i>more</i><br>next line".utf8), sameTypeSequence: Array("h".utf8)),
                       "bold & more\nnext line")
        // Phonetics then meaning, the last field running to the end.
        XCTAssertEqual(try StarDictFields.text(of: Array("ˈzɛbrə\u{0}A striped equid.".utf8), sameTypeSequence: Array("tm".utf8)),
                       "ˈzɛbrə\nA striped equid.")
        // Without sametypesequence each field names its type; binary fields are left out.
        let picture: [UInt8] = [UInt8(ascii: "P")] + DictionaryFiles.bigEndian(3, bytes: 4) + [1, 2, 3]
        let typed = [UInt8(ascii: "m")] + Array("plain".utf8) + [0] + picture + [UInt8(ascii: "h")] + Array("<p>html</p>".utf8) + [0]
        XCTAssertEqual(try StarDictFields.text(of: typed, sameTypeSequence: nil), "plain\nhtml")
        let cut = [UInt8(ascii: "P")] + DictionaryFiles.bigEndian(30, bytes: 4) + [1, 2, 3]
        XCTAssertThrowsError(try StarDictFields.text(of: cut, sameTypeSequence: nil))
    }

    func testHTMLDictionariesGiveText() throws {
        let folder = try DictionaryFiles.folder()
        let entries = [("whale", Array("<div><b>whale</b></div><ol><li>A large <i>marine</i>&nbsp;mammal.</li><li>Something big.</li></ol><script>x()</script>".utf8))]
        let info = try DictionaryFiles.writeStarDict(entries, sameTypeSequence: "h", name: "html", in: folder)
        XCTAssertEqual(try StarDictDictionary(infoPath: info).entries(for: "whale").map(\.definition),
                       ["whale\nA large marine mammal.\nSomething big."])
    }

    func testDamagedFilesAreRefusedNamingThem() throws {
        let folder = try DictionaryFiles.folder()
        // The .ifo counts more words than the .idx holds.
        let miscounted = try DictionaryFiles.writeStarDict(words, sameTypeSequence: "m", name: "miscounted", in: folder, wordCountSaid: 9)
        XCTAssertThrowsError(try StarDictDictionary(infoPath: miscounted).entries(for: "run")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, folder + "/miscounted.idx")
        }
        // An .idx cut short.
        let cut = try DictionaryFiles.writeStarDict(words, sameTypeSequence: "m", name: "cut", in: folder)
        let index = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/cut.idx")))
        try DictionaryFiles.write(Array(index.dropLast(3)), to: folder + "/cut.idx")
        XCTAssertThrowsError(try StarDictDictionary(infoPath: cut).entries(for: "run")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, folder + "/cut.idx")
        }
        // Not an .ifo at all.
        try DictionaryFiles.write(Array("hello".utf8), to: folder + "/other.ifo")
        XCTAssertThrowsError(try StarDictDictionary(infoPath: folder + "/other.ifo").entries(for: "run")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, folder + "/other.ifo")
        }
        // An .idx pointing past the .dict.
        let short = try DictionaryFiles.writeStarDict(words, sameTypeSequence: "m", name: "short", in: folder)
        try DictionaryFiles.write(Array("tiny".utf8), to: folder + "/short.dict")
        XCTAssertThrowsError(try StarDictDictionary(infoPath: short).entries(for: "zebra"))
    }
}
