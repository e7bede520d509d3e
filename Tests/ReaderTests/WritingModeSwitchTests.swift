import BookModel
import Foundation
import PlainText
import Typesetting
import XCTest
@testable import Reader

/// The text panel's Writing row: the book set again horizontally or
/// vertically at the same place, its pages going the way the mode reads.
final class WritingModeSwitchTests: XCTestCase {
    private static let file = """
    吾輩は猫である
    夏目漱石

    ［＃８字下げ］一［＃「一」は中見出し］

    \(String(repeating: "　吾輩《わがはい》は猫である。名前はまだ無い。どこで生れたかとんと見当《けんとう》がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n", count: 40))
    """

    func testTheWritingRowKeepsThePlaceAndTurnsThePages() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("CJK fonts are not installed (fonts-noto-cjk)")
        }
        let book = Book(text: try BookDecoder.decode(Data(Self.file.utf8), path: "aozora.txt"))
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light)
        let reader = try ReaderSession(book: book, path: "aozora.txt", settings: settings, start: .page(4), stateStore: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        XCTAssertEqual(reader.renderer.typesetter.writingMode, .verticalRL, "an Aozora text is vertical")
        XCTAssertTrue(reader.controller.isRightToLeft)
        let place = reader.currentOffset
        let panel = TextPanelScreen()
        XCTAssertTrue(TextPanelScreen.selected(reader.settings, typefaces: []).contains(.writing(.auto)))
        for (choice, mode) in [(WritingModeChoice.horizontal, WritingMode.horizontalTB), (.vertical, .verticalRL),
                               (.auto, .verticalRL)] {
            panel.apply(.writing(choice), host: reader)
            XCTAssertEqual(reader.settings.writingMode, choice)
            XCTAssertEqual(reader.renderer.typesetter.writingMode, mode)
            XCTAssertEqual(reader.controller.isRightToLeft, mode == .verticalRL, "\(choice)")
            XCTAssertTrue(reader.offsetRange.contains(place), "\(choice): the page shows \(reader.offsetRange), the place was \(place)")
        }
    }
}
