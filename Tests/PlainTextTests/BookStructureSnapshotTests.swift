import BookModel
import BookStorage
import Foundation
@testable import PlainText
import XCTest

/// A book opened again takes its paragraphs from the snapshot made the
/// first time: the same paragraphs, chapters and metadata as cutting the
/// text gives, and never another text's.
final class BookStructureSnapshotTests: XCTestCase {
    private var folder: String = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "ebook-fb-structures-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static let aozora = """
    吾輩は猫である
    夏目漱石

    \(String(repeating: "-", count: 55))
    【テキスト中に現れる記号について】

    《》：ルビ
    \(String(repeating: "-", count: 55))

    ［＃８字下げ］一［＃「一」は中見出し］

    　吾輩《わがはい》は猫である。名前はまだ無い。

    ［＃２字下げ］○○と云う人に今日の会で始めて出逢《であ》った。

    ［＃改ページ］
    ［＃８字下げ］二［＃「二」は中見出し］
    　どこで生れたかとんと見当がつかぬ。

    底本：「吾輩は猫である」岩波文庫
    """

    private func assertSame(_ found: Book, _ cut: Book, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.paragraphs, cut.paragraphs, name, file: file, line: line)
        XCTAssertEqual(found.chapters, cut.chapters, name, file: file, line: line)
        XCTAssertEqual(found.metadata, cut.metadata, name, file: file, line: line)
        XCTAssertEqual(found.text.utf8, cut.text.utf8, name, file: file, line: line)
    }

    private func texts() throws -> [(name: String, text: DecodedText)] {
        let lamplighter = SharedData.packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
        var texts = [("the-lamplighter.txt", try BookDecoder.decode(contentsOf: lamplighter)),
                     ("aozora", try BookDecoder.decode(Data(Self.aozora.utf8), path: "aozora.txt"))]
        if let books = try? SharedData.books() {
            for name in ["en_war_and_peace_2600-0.txt", "ja_soseki_wagahai_aozora_ch1.txt", "de_kafka_verwandlung_22367-0.txt"] {
                let path = books.appendingPathComponent(name).path
                if let text = try? BookDecoder.decode(contentsOf: path) { texts.append((name, text)) }
            }
        }
        return texts
    }

    /// The first opening cuts the text and saves the snapshot; the second
    /// reads it and gives the very book cutting gives, with the text's hash.
    func testASecondOpeningGivesTheBookCuttingGives() throws {
        let store = BookStructureStore(directory: folder)
        for (name, text) in try texts() {
            let cut = Book(text: text)
            let hash = text.utf8.withUnsafeBytes(ByteHash.hash64)
            XCTAssertNil(store.load(text: text, hash: hash), "\(name): no snapshot yet")
            let first = store.book(of: text)
            assertSame(first, cut, name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: store.path(forHash: hash)), name)
            let again = try XCTUnwrap(store.load(text: text, hash: hash), "\(name): the snapshot was not used")
            assertSame(again, cut, name)
            XCTAssertEqual(again.textHash, hash)
            XCTAssertEqual(store.book(of: text).paragraphs.count, cut.paragraphs.count)
        }
        let aozora = Book(text: try BookDecoder.decode(Data(Self.aozora.utf8), path: "aozora.txt"))
        XCTAssertTrue(aozora.metadata.usesAozoraNotation)
        XCTAssertTrue(aozora.paragraphs.contains { $0.blockIndent > 0 }, "the snapshot carries block indents")
        XCTAssertTrue(aozora.paragraphs.contains { $0.traits.contains(.startsPage) })
    }

    /// A damaged snapshot, one cut short, or one made from another text
    /// under this text's name is refused, and the text is cut again.
    func testAnythingButTheTextsOwnSnapshotIsRefused() throws {
        let store = BookStructureStore(directory: folder)
        let named = try texts()
        let text = named[0].text, other = named[1].text
        let hash = text.utf8.withUnsafeBytes(ByteHash.hash64)
        let good = BookStructureSnapshot.encode(Book(text: text), textHash: hash, program: BookStructureStore.programIdentity)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = store.path(forHash: hash)

        var damaged = good
        damaged[damaged.count / 2] ^= 0x40
        for (what, bytes) in [("damaged", damaged), ("cut short", Array(good.prefix(good.count - 9))),
                              ("another program's", BookStructureSnapshot.encode(Book(text: text), textHash: hash, program: "other build")),
                              ("another text's", BookStructureSnapshot.encode(Book(text: other), textHash: hash,
                                                                              program: BookStructureStore.programIdentity))] {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertNil(store.load(text: text, hash: hash), "a snapshot \(what) was used")
            assertSame(store.book(of: text), Book(text: text), what)
        }
        // After the refusals the book was cut and its own snapshot saved.
        XCTAssertNotNil(store.load(text: text, hash: hash))
    }

    /// The folder keeps only the latest snapshots, and one that cannot be
    /// written (a file where the folder should be) costs nothing but the cut.
    func testOldSnapshotsGoAndAFolderThatCannotBeWrittenIsNoFailure() throws {
        let store = BookStructureStore(directory: folder)
        for index in 0..<(BookStructureStore.keptSnapshots + 3) {
            let text = try BookDecoder.decode(Data("Book number \(index).\n\nIts one paragraph.\n".utf8), path: "\(index).txt")
            _ = store.book(of: text)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".structure") }
        XCTAssertEqual(kept.count, BookStructureStore.keptSnapshots)

        let blocked = folder + "/blocked"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocked))
        let text = try texts()[0].text
        let book = BookStructureStore(directory: blocked).book(of: text)
        assertSame(book, Book(text: text), "unwritable folder")
    }
}
