import Foundation
import XCTest
@testable import Dictionaries

/// The shelf: stems, the language's dictionaries first, damaged ones skipped, cancelling.
final class ShelfTests: XCTestCase {
    func testHunspellStemsLeadToTheHeadword() throws {
        let folder = try DictionaryFiles.folder()
        try DictionaryFiles.writeHunspell(language: "en_US", words: ["whale/S", "walk/D", "whales"], in: folder)
        let stemmer = try Stemmer(affixPath: folder + "/en_US.aff", wordsPath: folder + "/en_US.dic")
        XCTAssertEqual(stemmer.stems(of: "walked"), ["walk"])
        XCTAssertEqual(stemmer.stems(of: "whales"), ["whale"], "the word itself is left out")
        XCTAssertEqual(stemmer.stems(of: "zebras"), [])
        XCTAssertEqual(Stemmers(folders: [folder]).dictionaryFiles(for: "en")?.words, folder + "/en_US.dic")
        XCTAssertNil(Stemmers(folders: [folder]).dictionaryFiles(for: "de"))
    }

    func testTheWordsEntriesComeFirstThenItsStems() throws {
        let folder = try DictionaryFiles.folder(), stems = try DictionaryFiles.folder()
        try DictionaryFiles.writeHunspell(language: "en_US", words: ["walk/D", "walked"], in: stems)
        let index = try DictionaryFiles.writeDictd([("walk", "walk\n   To go on foot.\n"), ("walked", "walked\n   Gone on foot.\n")],
                                                  name: "gcide", in: folder)
        let shelf = DictionaryShelf(files: [index], folders: [], stemmerFolders: [stems])
        let (entries, skipped) = shelf.lookUp("walked")
        XCTAssertEqual(skipped, [])
        XCTAssertEqual(entries.map(\.headword), ["walked", "walk"])
        XCTAssertEqual(entries.map(\.dictionary), ["gcide", "gcide"])
    }

    func testTheBooksLanguagePicksTheDictionariesFirst() throws {
        let folder = try DictionaryFiles.folder()
        try DictionaryFiles.writeDictd([("gift", "gift\n   A present.\n")], name: "eng-deu", in: folder)
        try DictionaryFiles.writeDictd([("gift", "Gift\n   Poison.\n")], name: "deu-eng", in: folder)
        try DictionaryFiles.writeDictd([("gift", "gift\n   A note.\n")], name: "notes", in: folder)
        let shelf = DictionaryShelf(folders: [folder], stemmerFolders: [])
        XCTAssertEqual(shelf.lookUp("gift", language: "de-AT").entries.map(\.dictionary), ["deu-eng", "notes", "eng-deu"])
        XCTAssertEqual(shelf.lookUp("gift", language: "en").entries.map(\.dictionary), ["eng-deu", "notes", "deu-eng"])
        XCTAssertEqual(shelf.lookUp("gift").entries.map(\.dictionary), ["deu-eng", "eng-deu", "notes"], "name order")
    }

    func testADamagedDictionaryIsSkippedOnceAndTheOthersAnswer() throws {
        let folder = try DictionaryFiles.folder()
        let good = try DictionaryFiles.writeDictd([("whale", "whale\n   A sea mammal.\n")], name: "good", in: folder)
        try DictionaryFiles.write(Array("whale\tA\tB\n0\t5".utf8), to: folder + "/broken.index")
        try DictionaryFiles.write(Array("garbage".utf8), to: folder + "/broken.dict")
        let shelf = DictionaryShelf(files: [folder + "/broken.index", good, folder + "/missing.ifo"], folders: [], stemmerFolders: [])
        let first = shelf.lookUp("whale")
        XCTAssertEqual(first.entries.map(\.definition), ["whale\n   A sea mammal.\n"])
        XCTAssertEqual(first.skipped.map(\.path), [folder + "/broken.index", folder + "/missing.ifo"])
        let again = shelf.lookUp("whale")
        XCTAssertEqual(again.entries.count, 1)
        XCTAssertEqual(again.skipped, [], "told once")
    }

    func testAWordBeyondASCIIIsAlsoAskedInLowerCase() throws {
        let folder = try DictionaryFiles.folder()
        try DictionaryFiles.writeStarDict([("ärger", Array("Verdruss.".utf8))], sameTypeSequence: "m", name: "deu", in: folder)
        let shelf = DictionaryShelf(folders: [folder], stemmerFolders: [])
        XCTAssertEqual(shelf.lookUp("Ärger").entries.map(\.definition), ["Verdruss."])
    }

    func testALookupEndsWhenCancelled() throws {
        let folder = try DictionaryFiles.folder()
        for name in ["a", "b", "c"] { try DictionaryFiles.writeDictd([("whale", "whale \(name)\n")], name: name, in: folder) }
        let shelf = DictionaryShelf(folders: [folder], stemmerFolders: [])
        var entries: [DictionaryEntry] = []
        shelf.lookUp("whale", isCancelled: { !entries.isEmpty }, found: { entries.append($0) }, skipped: { _ in })
        XCTAssertEqual(entries.map(\.dictionary), ["a"])
    }

    func testFoldersAndTheirSubfoldersAreSearched() throws {
        let folder = try DictionaryFiles.folder()
        try FileManager.default.createDirectory(atPath: folder + "/sd", withIntermediateDirectories: true)
        try DictionaryFiles.writeStarDict([("kiosk", Array("A stand.".utf8))], sameTypeSequence: "m", name: "inner", in: folder + "/sd")
        try DictionaryFiles.writeDictd([("kiosk", "kiosk\n")], name: "outer", in: folder)
        XCTAssertEqual(DictionaryShelf.dictionaryFiles(in: folder), [folder + "/outer.index", folder + "/sd/inner.ifo"])
        XCTAssertEqual(DictionaryShelf(folders: [folder], stemmerFolders: []).lookUp("Kiosk").entries.map(\.dictionary),
                       ["outer", "inner book"])
        XCTAssertEqual(DictionaryShelf.dictionaryFiles(in: folder + "/absent"), [])
    }
}
