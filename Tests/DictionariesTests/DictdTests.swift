import Foundation
import XCTest
@testable import Dictionaries

/// dictd databases made here: lookups by binary search, titles, headwords, damage.
final class DictdTests: XCTestCase {
    private static let mouse = "Mouse \\Mouse\\, n.; pl. Mice.\n   A small rodent.\n"

    /// A database of a few hundred words and some that matter to the tests.
    private func database(in folder: String, name: String = "small") throws -> String {
        var entries: [(headword: String, text: String)] = [
            ("00-database-short", "00-database-short\n     A Small Test Dictionary\n"),
            ("00-database-info", "00-database-info\n   Made for the tests.\n"),
            ("Whale", "Whale \\Whale\\, n.\n   A large sea mammal.\n"),
            ("whale", "whale\n   v. To hunt whales.\n"),
            ("Mouse", Self.mouse),
            ("Mice", Self.mouse),
            ("mice", "mice\n   pl. of {Mouse}.\n"),
            ("dog-ear", "dog-ear\n   A folded corner of a page.\n"),
            ("New York", "New York\n   A city.\n"),
        ]
        for number in 0..<500 { entries.append(("word\(number)", "word\(number)\n   The word numbered \(number).\n")) }
        return try DictionaryFiles.writeDictd(entries, name: name, in: folder)
    }

    func testEveryWordIsFoundWithoutRegardToCaseOrPunctuation() throws {
        let dictionary = DictdDictionary(indexPath: try database(in: try DictionaryFiles.folder()))
        XCTAssertEqual(dictionary.title, "small", "the file's name until it is read")
        for number in [0, 1, 99, 250, 499] {
            let entries = try dictionary.entries(for: "WORD\(number)")
            XCTAssertEqual(entries.map(\.definition), ["word\(number)\n   The word numbered \(number).\n"])
        }
        XCTAssertEqual(try dictionary.entries(for: "whale").map(\.headword), ["Whale", "whale"])
        XCTAssertEqual(try dictionary.entries(for: "dogear").map(\.headword), ["dog-ear"])
        XCTAssertEqual(try dictionary.entries(for: "new york").map(\.headword), ["New York"])
        XCTAssertEqual(try dictionary.entries(for: "word500"), [])
        XCTAssertEqual(try dictionary.entries(for: "aaa"), [], "before the first word")
        XCTAssertEqual(try dictionary.entries(for: "zzz"), [], "after the last word")
        XCTAssertEqual(try dictionary.entries(for: "?!"), [], "no letters at all")
        XCTAssertEqual(dictionary.title, "A Small Test Dictionary", "00-database-short once read")
    }

    func testAnEntryFiledUnderAnotherWordIsGivenUnderItsOwn() throws {
        let dictionary = DictdDictionary(indexPath: try database(in: try DictionaryFiles.folder()))
        let entries = try dictionary.entries(for: "mice")
        // "Mice" is filed under the text of "Mouse", which the index also files as "Mouse".
        XCTAssertEqual(Set(entries.map(\.headword)), ["mice", "Mouse"])
        XCTAssertEqual(entries.first { $0.headword == "Mouse" }?.definition, Self.mouse)
        XCTAssertEqual(DictdDictionary.leadingWords(of: "Run \\Run\\ (r[u^]n), v. i."), "Run")
        XCTAssertEqual(DictdDictionary.leadingWords(of: "  All fours \\All` fours\"\\"), "All fours")
    }

    func testATruncatedIndexIsRefusedNamingIt() throws {
        let folder = try DictionaryFiles.folder()
        let index = try database(in: folder)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: index)))
        try DictionaryFiles.write(Array(bytes.prefix(300)), to: folder + "/cut.index")
        try FileManager.default.copyItem(atPath: folder + "/small.dict", toPath: folder + "/cut.dict")
        XCTAssertThrowsError(try DictdDictionary(indexPath: folder + "/cut.index").entries(for: "whale")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, folder + "/cut.index")
        }
    }

    func testAnIndexPointingPastItsTextIsRefused() throws {
        let folder = try DictionaryFiles.folder()
        let index = try database(in: folder)
        try DictionaryFiles.write(Array("garbage".utf8), to: folder + "/small.dict")
        XCTAssertThrowsError(try DictdDictionary(indexPath: index).entries(for: "whale")) { error in
            XCTAssertEqual((error as? DictionaryError)?.path, index)
        }
        // No text at all.
        try FileManager.default.removeItem(atPath: folder + "/small.dict")
        XCTAssertThrowsError(try DictdDictionary(indexPath: index).entries(for: "whale")) { error in
            XCTAssertTrue((error as? DictionaryError)?.description.contains("small.dict") ?? false)
        }
    }

    func testADictzipTextIsReadAsThePlainOne() throws {
        let folder = try DictionaryFiles.folder()
        let index = try database(in: folder)
        let text = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/small.dict")))
        try DictionaryFiles.write(DictionaryFiles.dictzip(text, chunkLength: 512), to: folder + "/small.dict.dz")
        try FileManager.default.removeItem(atPath: folder + "/small.dict")
        let entries = try DictdDictionary(indexPath: index).entries(for: "word321")
        XCTAssertEqual(entries.map(\.definition), ["word321\n   The word numbered 321.\n"])
    }

    func testTheCollationTheIndexDeclaresIsUsed() {
        XCTAssertEqual(DictdCollation.declared(byIndexHead: Array("00-database-allchars\tA\tB\nx\tA\tB\n".utf8)), .allCharacters)
        XCTAssertEqual(DictdCollation.declared(byIndexHead: Array("00databaseutf8\tA\tB\n".utf8)), .unicodeLettersDigitsAndSpaces)
        XCTAssertEqual(DictdCollation.declared(byIndexHead: Array("00-database-info\tA\tB\n".utf8)), .lettersDigitsAndSpaces)
        XCTAssertEqual(DictdCollation.lettersDigitsAndSpaces.key(Array("Dog-Ear's 2".utf8)), Array("dogears 2".utf8))
        XCTAssertEqual(DictdCollation.unicodeLettersDigitsAndSpaces.key(Array("Ärger-Wut".utf8)), Array("ärgerwut".utf8))
        XCTAssertEqual(DictdCollation.allCharacters.key(Array("Dog-Ear".utf8)), Array("dog-ear".utf8))
    }

    func testLanguagesComeFromTheNames() {
        XCTAssertEqual(DictionaryLanguage.guess(fromName: "gcide"), "en")
        XCTAssertEqual(DictionaryLanguage.guess(fromName: "freedict-deu-eng"), "de")
        XCTAssertEqual(DictionaryLanguage.guess(fromName: "fra-eng"), "fr")
        XCTAssertNil(DictionaryLanguage.guess(fromName: "my-notes"))
        XCTAssertEqual(DictionaryLanguage.primary("en-GB"), "en")
        XCTAssertEqual(DictionaryLanguage.primary("deu"), "de")
        XCTAssertEqual(DictionaryLanguage.primary("pt_BR"), "pt")
    }
}
