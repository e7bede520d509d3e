import BookStorage
import CHyphen
import Foundation
import PlainText
import Threading
import XCTest
@testable import Typesetting

final class HyphenationSnapshotTests: XCTestCase {
    private var folder: String = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "ebook-fb-snapshots-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Words to hyphenate in each language: a few of its own, and the
    /// words of a shared book in it when ../shared is present.
    private static let bookOfLanguage = ["en": "en_war_and_peace_2600-0.txt", "de": "de_kafka_verwandlung_22367-0.txt",
                                         "fr": "fr_monte_cristo_t1_17989.latin1.txt", "ru": "ru_chekhov_duel.txt"]
    private static let ownWords = ["en": ["hyphenation", "extraordinarily", "won't", "self-evident", "encyclopaedia"],
                                   "de": ["Verwandlung", "Gesellschaft", "Donaudampfschiff", "Schifffahrt", "Bäckerei"],
                                   "fr": ["éléphantesque", "extraordinaire", "aujourd'hui", "anticonstitutionnellement"],
                                   "ru": ["государство", "достопримечательность", "электричество"],
                                   "es": ["canción", "extraordinario", "murciélago"], "it": ["precipitevolissimevolmente"],
                                   "nl": ["ziekenhuisopname"], "pt": ["paralelepípedo"], "hu": ["legeslegmegszentségteleníthetetlenebbeknek"]]

    private func words(_ language: String) -> [[UInt32]] {
        var list = Self.ownWords[language] ?? []
        if let name = Self.bookOfLanguage[language], let books = try? SharedData.books(),
           let text = try? BookDecoder.decode(contentsOf: books.appendingPathComponent(name).path, window: 400_000) {
            let body = String(decoding: text.utf8, as: UTF8.self)
            list += Set(body.split { !$0.isLetter }.map(String.init).filter { $0.count >= 5 }).sorted().prefix(3000)
        }
        return list.map { $0.unicodeScalars.map(\.value) }
    }

    /// Every installed dictionary of these languages, rebuilt from its
    /// snapshot, has libhyphen's states, transitions, strings and options
    /// level by level, and hyphenates every word at the same points.
    func testASnapshotRebuildsTheDictionaryLibhyphenBuilt() throws {
        let store = HyphenationSnapshotStore(directory: folder)
        var compared: [String] = []
        for language in ["en", "de", "fr", "ru", "es", "it", "nl", "pt", "hu"] {
            guard let parsed = HyphenationPatterns(language: language, snapshots: store) else { continue }
            XCTAssertTrue(parsed.cameFromPatternFile, language)
            XCTAssertTrue(parsed.saveSnapshot(to: store), language)
            let rebuilt = try XCTUnwrap(HyphenationPatterns(language: language, snapshots: store), language)
            XCTAssertFalse(rebuilt.cameFromPatternFile, "\(language): the snapshot was not used")
            assertSameDictionary(parsed.dictionary, rebuilt.dictionary, language)
            XCTAssertEqual(rebuilt.encoding, parsed.encoding)
            let fromFile = try XCTUnwrap(Hyphenator(patterns: parsed)), fromSnapshot = try XCTUnwrap(Hyphenator(patterns: rebuilt))
            var hyphenated = 0
            for word in words(language) {
                let expected = fromFile.points(in: word)
                XCTAssertEqual(fromSnapshot.points(in: word), expected, "\(language): \(word)")
                if !expected.isEmpty { hyphenated += 1 }
            }
            XCTAssertGreaterThan(hyphenated, 0, "\(language): no word was hyphenated at all")
            compared.append(language)
        }
        guard compared.contains("en") else { throw XCTSkip("no English hyphenation dictionary (hyphen-en-us)") }
    }

    private func assertSameDictionary(_ one: UnsafeMutablePointer<HyphenDict>, _ other: UnsafeMutablePointer<HyphenDict>,
                                      _ language: String) {
        var left: UnsafeMutablePointer<HyphenDict>? = one, right: UnsafeMutablePointer<HyphenDict>? = other
        var level = 0
        while let a = left?.pointee, let b = right?.pointee {
            let name = "\(language) level \(level)"
            XCTAssertEqual([a.lhmin, a.rhmin, a.clhmin, a.crhmin], [b.lhmin, b.rhmin, b.clhmin, b.crhmin], name)
            XCTAssertEqual(a.utf8, b.utf8, name)
            var charsetA = a.cset, charsetB = b.cset
            XCTAssertEqual(withUnsafeBytes(of: &charsetA, Array.init), withUnsafeBytes(of: &charsetB, Array.init), name)
            XCTAssertEqual(a.nohyphenl, b.nohyphenl, name)
            XCTAssertEqual(a.nohyphen == nil, b.nohyphen == nil, name)
            if let listA = a.nohyphen, let listB = b.nohyphen {
                var cursorA = UnsafePointer(listA), cursorB = UnsafePointer(listB)
                for _ in 0...Int(a.nohyphenl) {
                    XCTAssertEqual(String(cString: cursorA), String(cString: cursorB), name)
                    cursorA += strlen(cursorA) + 1
                    cursorB += strlen(cursorB) + 1
                }
            }
            XCTAssertEqual(a.num_states, b.num_states, name)
            for index in 0..<Int(min(a.num_states, b.num_states)) {
                let x = a.states[index], y = b.states[index]
                XCTAssertEqual(x.match.map { String(cString: $0) }, y.match.map { String(cString: $0) }, "\(name) state \(index)")
                XCTAssertEqual(x.repl.map { String(cString: $0) }, y.repl.map { String(cString: $0) }, "\(name) state \(index)")
                XCTAssertEqual([x.replindex, x.replcut], [y.replindex, y.replcut], "\(name) state \(index)")
                XCTAssertEqual(x.fallback_state, y.fallback_state, "\(name) state \(index)")
                XCTAssertEqual(x.num_trans, y.num_trans, "\(name) state \(index)")
                for slot in 0..<Int(min(x.num_trans, y.num_trans)) {
                    XCTAssertEqual(x.trans[slot].ch, y.trans[slot].ch, "\(name) state \(index)")
                    XCTAssertEqual(x.trans[slot].new_state, y.trans[slot].new_state, "\(name) state \(index)")
                }
            }
            left = a.nextlevel
            right = b.nextlevel
            level += 1
        }
        XCTAssertTrue(left == nil && right == nil, "\(language): the chains have different numbers of levels")
    }

    private func englishDictionary() throws -> (path: String, dictionary: UnsafeMutablePointer<HyphenDict>) {
        guard let path = Hyphenator.dictionaryPath(for: "en"), let dictionary = hnj_hyphen_load(path) else {
            throw XCTSkip("no English hyphenation dictionary (hyphen-en-us)")
        }
        return (path, dictionary)
    }

    /// A snapshot cut short anywhere, or with any byte changed, is refused,
    /// never misread; so is one made under another key.
    func testADamagedOrForeignSnapshotIsRefused() throws {
        let (_, dictionary) = try englishDictionary()
        defer { hnj_hyphen_free(dictionary) }
        let bytes = HyphenationSnapshot.encode(dictionary, key: "the key")
        XCTAssertNotNil(bytes.withUnsafeBytes { HyphenationSnapshot.decode($0, key: "the key") })
        XCTAssertNil(bytes.withUnsafeBytes { HyphenationSnapshot.decode($0, key: "another key") })
        var generator = SystemRandomNumberGenerator()
        var cuts = [0, 1, 7, 8, 9, bytes.count / 2, bytes.count - 9, bytes.count - 8, bytes.count - 1]
        cuts += (0..<40).map { _ in Int.random(in: 0..<bytes.count, using: &generator) }
        for cut in cuts {
            XCTAssertNil(bytes[..<cut].withUnsafeBytes { HyphenationSnapshot.decode($0, key: "the key") }, "cut at \(cut)")
        }
        for _ in 0..<200 {
            var damaged = bytes
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
            XCTAssertNil(damaged.withUnsafeBytes { HyphenationSnapshot.decode($0, key: "the key") }, "byte \(index) changed")
        }
        XCTAssertNil((bytes + [0]).withUnsafeBytes { HyphenationSnapshot.decode($0, key: "the key") }, "a byte added")
    }

    /// The store keys a snapshot to the very dictionary file: when the file
    /// changes, the snapshot is no longer used.
    func testASnapshotOfADictionaryFileThatChangedIsNotUsed() throws {
        let (original, dictionary) = try englishDictionary()
        hnj_hyphen_free(dictionary)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/hyph_test.dic"
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        let store = HyphenationSnapshotStore(directory: folder + "/snapshots")
        let loaded = try XCTUnwrap(hnj_hyphen_load(copy))
        defer { hnj_hyphen_free(loaded) }
        XCTAssertTrue(store.save(loaded, dictionaryPath: copy))
        XCTAssertNotNil(store.load(dictionaryPath: copy))
        XCTAssertNil(store.load(dictionaryPath: original), "another file, even with the same patterns")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: copy)
        XCTAssertNil(store.load(dictionaryPath: copy), "the file's time changed")
        XCTAssertTrue(store.save(loaded, dictionaryPath: copy))
        XCTAssertNotNil(store.load(dictionaryPath: copy), "saved again, it is used again")
        try FileManager.default.removeItem(atPath: copy)
        XCTAssertNil(store.load(dictionaryPath: copy), "the file is gone")
    }

    /// A folder that cannot be written leaves the patterns loaded as
    /// without a store, and nothing half-written behind.
    func testASnapshotThatCannotBeWrittenCostsNothingButTime() throws {
        let (path, dictionary) = try englishDictionary()
        defer { hnj_hyphen_free(dictionary) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let blocker = folder + "/not-a-folder"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let store = HyphenationSnapshotStore(directory: blocker + "/hyphenation")
        XCTAssertFalse(store.save(dictionary, dictionaryPath: path))
        XCTAssertNil(store.load(dictionaryPath: path))
        let patterns = try XCTUnwrap(HyphenationPatterns(language: "en", snapshots: store))
        XCTAssertTrue(patterns.cameFromPatternFile)
        XCTAssertEqual(try XCTUnwrap(Hyphenator(patterns: patterns)).points(in: "hyphenation".unicodeScalars.map(\.value)),
                       [2, 6])
    }

    /// The reader's start: the first start saves a snapshot after handing
    /// the patterns over, the next start rebuilds them from it.
    func testTheStartUpLoadSavesASnapshotThatTheNextStartUses() throws {
        guard Hyphenator.dictionaryPath(for: "en") != nil else { throw XCTSkip("no English hyphenation dictionary") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let book = folder + "/book.txt"
        try Data(String(repeating: "The cat and the dog were in the garden, and it was warm. ", count: 40).utf8)
            .write(to: URL(fileURLWithPath: book))
        let store = HyphenationSnapshotStore(directory: folder + "/snapshots")
        func start() throws -> HyphenationPatterns {
            let work = StartupWork()
            let preload = HyphenationPreload(language: nil, bookLanguage: PlainTextFormat().earlyLanguage(path: book), snapshots: store,
                                             on: work)
            work.start(name: "test start-up")
            return try XCTUnwrap(preload.patterns(for: "en"))
        }
        XCTAssertTrue(try start().cameFromPatternFile)
        // The snapshot is written after the patterns are handed over.
        let deadline = Date().addingTimeInterval(10)
        while (try? FileManager.default.contentsOfDirectory(atPath: store.directory))?.contains(where: { $0.hasSuffix(".snapshot") }) != true,
              Date() < deadline { usleep(2000) }
        XCTAssertFalse(try start().cameFromPatternFile, "the second start used the snapshot")
    }

    func testTheCacheFolderFollowsSystemdThenXDGThenHome() {
        XCTAssertEqual(HyphenationSnapshotStore.defaultDirectory(environment: ["CACHE_DIRECTORY": "/var/cache/ebook-fb:/x",
                                                                               "HOME": "/home/k"]),
                       "/var/cache/ebook-fb/hyphenation")
        XCTAssertEqual(HyphenationSnapshotStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/home/k"]),
                       "/c/ebook-fb/hyphenation")
        XCTAssertEqual(HyphenationSnapshotStore.defaultDirectory(environment: ["HOME": "/home/k"]),
                       "/home/k/.cache/ebook-fb/hyphenation")
    }
}
