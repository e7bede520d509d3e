@testable import BookStorage
import Foundation
import Threading
import XCTest
import Typesetting

/// A font found through fontconfig is remembered for the next start, and
/// forgotten when what it depended on changes.
final class FontLookupMemoTests: XCTestCase {
    func testARememberedFontIsUsedUntilItsFileChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-fonts-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fontPath = folder + "/Face.ttf"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: fontPath))
        let memo = FontLookupMemo(directory: folder + "/cache")
        XCTAssertNil(memo.file(forFamily: "Some Serif"), "nothing is remembered before a lookup")

        let file = FontFile(path: fontPath, index: 2)
        memo.remember(file, forFamily: "Some Serif")
        memo.remember(FontFile(path: "/nonexistent.ttf"), forFamily: "Other Sans")
        XCTAssertEqual(memo.file(forFamily: "Some Serif"), file)
        XCTAssertEqual(FontLookupMemo(directory: folder + "/cache").file(forFamily: "Some Serif"), file,
                       "the next start finds it")
        XCTAssertNil(memo.file(forFamily: "Serif"), "another family is another question")

        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: fontPath))
        XCTAssertNil(memo.file(forFamily: "Some Serif"), "a font file that changed is looked up again")
        XCTAssertEqual(memo.file(forFamily: "Other Sans"), FontFile(path: "/nonexistent.ttf"), "other answers are kept")
    }

    func testTheStartUpLookupRemembersFontconfigsAnswer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-fonts-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let memo = FontLookupMemo(directory: folder)
        let work = StartupWork()
        let first = FontPreload(path: nil, memo: memo, on: work)
        work.start(name: "test")
        let found = try first.file()
        XCTAssertEqual(found, try FontLocator.file(forFamily: FontLocator.defaultFamily))
        XCTAssertEqual(memo.file(forFamily: FontLocator.defaultFamily), found)
        // The next start takes it at once: no job is added to its work.
        let again = FontPreload(path: nil, memo: memo, on: StartupWork())
        XCTAssertEqual(try again.file(), found)
    }
}
