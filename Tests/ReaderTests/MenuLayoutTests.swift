import Geometry
import Raster
import XCTest
@testable import Reader

/// The menu's layout, hit-testing and slide, with explicit sizes and times.
final class MenuLayoutTests: XCTestCase {
    private func layout(width: Int = 1280, height: Int = 768, backPage: Int? = nil, library: Bool = false) -> MenuLayout {
        MenuLayout(metrics: InterfaceMetrics(width: width, height: height),
                   content: MenuContent(title: "A Title", backPage: backPage, hasLibrary: library),
                   measure: { $0.count * 13 })
    }

    func testTargetsAreNineMillimetresAndTextThree() {
        let unknown = InterfaceMetrics(width: 1280, height: 768)
        XCTAssertEqual(unknown.target, 48, "48 px on a 1280 px wide screen when the panel's size is unknown")
        XCTAssertGreaterThanOrEqual(Double(unknown.labelSize) * 0.7, 3 * unknown.pixelsPerMillimetre)
        XCTAssertEqual(InterfaceMetrics(width: 1920, height: 1080).target, 72, "scaled with the screen")
        XCTAssertEqual(InterfaceMetrics(width: 768, height: 1280).target, 48, "a portrait panel is not a smaller one")
        // A 1280 px panel 100 mm wide: 12.8 px a millimetre.
        XCTAssertEqual(InterfaceMetrics(width: 1280, height: 768, physicalWidthMillimetres: 100).target, 116)
        // 800x480 on 154x86 mm: 5.19 px a millimetre across but 5.58 down; the denser side counts.
        let seven = InterfaceMetrics(width: 800, height: 480, physicalWidthMillimetres: 154, physicalHeightMillimetres: 86)
        XCTAssertEqual(seven.target, 51)
        XCTAssertEqual(InterfaceMetrics(width: 800, height: 480, physicalWidthMillimetres: 154).target, 47)
        XCTAssertEqual(InterfaceMetrics(width: 800, height: 480, physicalWidthMillimetres: 154, physicalHeightMillimetres: 3).target,
                       47, "an implausible side is left out")
    }

    func testControlsAreInReadingOrderFingerSizedAndApart() {
        let menu = layout(backPage: 7, library: true)
        XCTAssertEqual(menu.controls.map(\.id), ["menu.library", "menu.contents", "menu.search", "menu.text", "menu.bookmark",
                                                 "menu.back", "menu.slider"])
        for control in menu.controls {
            XCTAssertGreaterThanOrEqual(control.rect.width, 48, control.id)
            XCTAssertGreaterThanOrEqual(control.rect.height, 48, control.id)
            XCTAssertGreaterThanOrEqual(control.rect.x, 0, control.id)
            XCTAssertLessThanOrEqual(control.rect.maxX, 1280, control.id)
            XCTAssertLessThanOrEqual(control.rect.maxY, 768, control.id)
        }
        for (index, a) in menu.controls.enumerated() {
            for b in menu.controls.dropFirst(index + 1) {
                XCTAssertNil(a.rect.intersection(b.rect), "\(a.id) overlaps \(b.id)")
            }
        }
        XCTAssertEqual(menu.control(.back)?.label, "Back to page 7")
        XCTAssertLessThanOrEqual(menu.titleArea.maxX, menu.controls[0].rect.x, "the title stays left of the controls")
    }

    func testTheWayBackAndTheLibraryAppearOnlyWhenThereAreThey() {
        let ids = layout().controls.map(\.id)
        XCTAssertFalse(ids.contains("menu.back"))
        XCTAssertFalse(ids.contains("menu.library"))
        XCTAssertEqual(ids, ["menu.contents", "menu.search", "menu.text", "menu.bookmark", "menu.slider"])
    }

    func testHitTestingFindsTheControlUnderAFinger() throws {
        let menu = layout(backPage: 3)
        let text = try XCTUnwrap(menu.control(.text))
        XCTAssertEqual(menu.controls.hit(x: Double(text.rect.x + 1), y: Double(text.rect.y + 1))?.id, "menu.text")
        XCTAssertNil(menu.controls.hit(x: 640, y: 384), "the middle of the page is no control")
        XCTAssertFalse(menu.barsContain(x: 640, y: 384))
        XCTAssertTrue(menu.barsContain(x: 640, y: 5))
        XCTAssertTrue(menu.barsContain(x: 640, y: 760))
    }

    func testTheSliderMapsItsTrackToTheBook() throws {
        let menu = layout()
        let slider = try XCTUnwrap(menu.control(.slider))
        XCTAssertEqual(menu.sliderFraction(atX: Double(slider.rect.x)), 0)
        XCTAssertEqual(menu.sliderFraction(atX: Double(slider.rect.maxX)), 1)
        XCTAssertEqual(menu.sliderFraction(atX: Double(menu.trackX + menu.trackWidth / 2)), 0.5, accuracy: 0.01)
        let overlay = MenuPresence()
        let fraction = try XCTUnwrap(overlay.progressFraction(at: Point(x: 640, y: Double(slider.rect.y + 10)),
                                                              width: 1280, height: 768))
        XCTAssertEqual(fraction, 0.5, accuracy: 0.01)
        XCTAssertNil(overlay.progressFraction(at: Point(x: 640, y: 384), width: 1280, height: 768))
    }

    func testTheBarsSlideInAndOutInTwoHundredMilliseconds() {
        let overlay = MenuPresence()
        XCTAssertEqual(overlay.presence(at: 0), 0)
        overlay.open(at: 1000)
        XCTAssertTrue(overlay.isVisible)
        XCTAssertEqual(overlay.presence(at: 1000), 0)
        XCTAssertTrue(overlay.isAnimating(at: 1100))
        let half = overlay.presence(at: 1100)
        XCTAssertGreaterThan(half, 0.5, "eased out: more than half way at half time")
        XCTAssertLessThan(half, 1)
        XCTAssertEqual(overlay.presence(at: 1200), 1)
        XCTAssertFalse(overlay.isAnimating(at: 1200))
        overlay.close(at: 2000)
        XCTAssertFalse(overlay.isVisible)
        XCTAssertTrue(overlay.isShown(at: 2100), "still sliding out")
        XCTAssertEqual(overlay.presence(at: 2200), 0)
        XCTAssertFalse(overlay.isShown(at: 2200))
    }

    func testABookIsCalledByItsTitle() {
        XCTAssertEqual(BookTitle.of(text: "\u{FEFF}The Project Gutenberg eBook\n\nTitle: Die Verwandlung\n\nAuthor: Kafka\n",
                                    path: "x.txt"), "Die Verwandlung")
        XCTAssertEqual(BookTitle.of(text: "[Illustration]\n\n\n\nAlice’s Adventures in Wonderland\n\nby Lewis Carroll\n",
                                    path: "alice.txt"), "Alice’s Adventures in Wonderland")
        XCTAssertEqual(BookTitle.of(text: "", path: "/books/the-lamplighter.txt"), "the-lamplighter")
    }
}
