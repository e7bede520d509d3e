import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

final class FontFallbackTests: XCTestCase {
    private func typesetter(_ text: String, fallback: Bool = true) throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                              font: FontFile(path: SharedData.defaultFont), fontFallback: fallback)
    }

    private func requireFont(for language: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")
                || FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") else {
            throw XCTSkip("no CJK font installed (fonts-noto-cjk) for \(language)")
        }
    }

    func testCharactersTheMainFontLacksComeFromAnotherInstalledFont() throws {
        try requireFont(for: "zh")
        let text = "Latin text and 漢字 here, عربي and हिन्दी and ไทย."
        XCTAssertGreaterThan(try typesetter(text, fallback: false).paginate().pages[0].missingGlyphs, 5)
        let setter = try typesetter(text)
        let pagination = setter.paginate()
        XCTAssertEqual(pagination.pages[0].missingGlyphs, 0)
        let page = setter.layoutPage(0, of: pagination)
        let faces = setter.fonts.faces
        XCTAssertGreaterThan(faces.count, 3, "fallback faces are appended")
        for (index, face) in faces.enumerated() { XCTAssertEqual(face.id, index) }
        let used = Set(page.glyphs.map(\.face))
        XCTAssertTrue(used.allSatisfy { $0 < faces.count })
        XCTAssertTrue(used.contains { $0 > 2 }, "some glyphs are drawn with a fallback face")
        for index in 3..<faces.count {
            XCTAssertNotEqual(faces[index].file, setter.fonts.file)
            XCTAssertTrue([setter.geometry.fontSize, setter.geometry.headingFontSize, setter.geometry.footerFontSize]
                .contains(faces[index].pixelSize), "fallback faces have the size of the face they stand in for")
        }
    }

    /// Characters outside every installed font are answered from the fonts'
    /// joint coverage; one some font has is still found in it.
    func testTheInstalledFontsCoverageAnswersWithoutMissingAFont() throws {
        let fallback = FontFallback(family: "serif")
        let main = FontFile(path: SharedData.defaultFont)
        let arabicAin: UInt32 = 0x0639 // DejaVu Sans has it, DejaVu Serif not
        let found = fallback.file(for: arabicAin, script: 0, language: "ar", excluding: main) { _, _ in false }
        XCTAssertNotNil(found)
        XCTAssertNotEqual(found, main)
        XCTAssertNil(fallback.file(for: 0x0378, script: 0, language: nil, excluding: main) { _, _ in false })
        XCTAssertNil(fallback.file(for: 0x10FFFD, script: 0, language: nil, excluding: main) { _, _ in false })
    }

    func testACharacterNoFontHasStaysMissing() throws {
        // U+0378 is unassigned: no font has it, so it is counted.
        XCTAssertEqual(try typesetter("abc \u{0378} def").paginate().pages[0].missingGlyphs, 1)
    }

    func testFallbackFacesAreOpenedOncePerFileAndSize() throws {
        try requireFont(for: "zh")
        let setter = try typesetter(String(repeating: "人人生而自由，在尊严和权利上一律平等。\n\n", count: 30))
        _ = setter.paginate()
        let keys = setter.fonts.faces.map { "\($0.file.path)#\($0.file.index)@\($0.pixelSize)" }
        XCTAssertEqual(Set(keys).count, keys.count)
    }
}
