import Geometry
import XCTest
@testable import Reader

/// The on-screen keyboard: where its keys go on screens large and small,
/// and what its keys do (pure, time given).
final class OnScreenKeyboardTests: XCTestCase {
    private let metrics = InterfaceMetrics(width: 1280, height: 768)

    private func centre(_ rect: PixelRect) -> Point {
        Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2))
    }

    private func tap(_ key: KeyboardKey, on keyboard: OnScreenKeyboard, at time: Double = 0,
                     metrics: InterfaceMetrics? = nil) throws -> KeyboardAction? {
        let metrics = metrics ?? self.metrics
        let rect = try XCTUnwrap(keyboard.controls(metrics).last { $0.control == key }?.rect, "no \(key.id)")
        return keyboard.tap(at: centre(rect), time: time, metrics: metrics)
    }

    func testEveryLayoutHasItsKeysAtLeastNineMillimetresWideOnEachScreen() {
        let screens = [InterfaceMetrics(width: 1280, height: 768), InterfaceMetrics(width: 800, height: 480),
                       InterfaceMetrics(width: 480, height: 800), InterfaceMetrics(width: 1920, height: 1080, physicalWidthMillimetres: 344),
                       InterfaceMetrics(width: 480, height: 800, physicalWidthMillimetres: 86, physicalHeightMillimetres: 154)]
        for screen in screens {
            for layout in KeyboardLayout.all + [KeyboardLayout.symbols] {
                let placement = KeyboardPlacement(metrics: screen, rows: layout.rows, shifted: false,
                                                  labels: .init(enter: "Search", layout: "EN", symbols: "?123", space: layout.name))
                let keys = placement.placed
                XCTAssertEqual(Set(keys.map(\.control)).count, keys.count, "\(layout.code): a key twice")
                for key in keys {
                    XCTAssertGreaterThanOrEqual(Double(key.rect.width) / screen.pixelsPerMillimetre, 9 - 0.01,
                                                "\(layout.code) \(key.control.id) on \(screen.width)x\(screen.height)")
                    XCTAssertGreaterThanOrEqual(Double(key.rect.height) / screen.pixelsPerMillimetre, 9 - 0.01,
                                                "\(layout.code) \(key.control.id) on \(screen.width)x\(screen.height)")
                    XCTAssertEqual(PixelRect(x: 0, y: 0, width: screen.width, height: screen.height).intersection(key.rect), key.rect,
                                  "\(key.control.id) off the screen")
                }
                for (a, b) in zip(keys, keys.dropFirst()) where a.rect.y == b.rect.y {
                    XCTAssertLessThanOrEqual(a.rect.maxX, b.rect.x, "\(a.control.id) overlaps \(b.control.id)")
                }
                XCTAssertNotNil(placement.rect(of: .space))
                XCTAssertNotNil(placement.rect(of: .enter))
            }
        }
    }

    func testRowsTooWideForANarrowPanelAreCutInEvenPartsKeepingTheirOrder() {
        let rows = KeyboardLayout.english.rows
        let whole = KeyboardPlacement.lines(of: rows, fitting: 10)
        XCTAssertEqual(whole.map(\.characters), rows, "ten keys fit: the rows as they are")
        XCTAssertEqual(whole.map(KeyboardPlacement.units(of:)), [10, 9, 10])
        let cut = KeyboardPlacement.lines(of: rows, fitting: 8)
        XCTAssertEqual(cut.map { $0.characters.joined() }, ["qwert", "yuiop", "asdfg", "hjkl", "zxcv", "bnm"])
        XCTAssertEqual(cut.map(\.hasShift), [false, false, false, false, true, false])
        XCTAssertEqual(cut.map(\.hasDelete), [false, false, false, false, false, true])
        XCTAssertTrue(cut.allSatisfy { KeyboardPlacement.units(of: $0) <= 8 })
        let russian = KeyboardPlacement.lines(of: KeyboardLayout.russian.rows, fitting: 6)
        XCTAssertEqual(russian.flatMap(\.characters), KeyboardLayout.russian.rows.flatMap { $0 }, "no key lost")
        XCTAssertTrue(russian.allSatisfy { KeyboardPlacement.units(of: $0) <= 6 }, "\(russian)")

        let narrow = InterfaceMetrics(width: 480, height: 800, physicalWidthMillimetres: 86, physicalHeightMillimetres: 154)
        let placement = KeyboardPlacement(metrics: narrow, rows: rows, shifted: false,
                                          labels: .init(enter: "Search", layout: "EN", symbols: "?123", space: "English"))
        XCTAssertEqual(Set(placement.placed.map { $0.rect.y }).count, 7, "six rows of letters and the space bar's")
        XCTAssertEqual(placement.panel.maxY, 800)
        XCTAssertTrue(placement.placed.allSatisfy { $0.rect.y >= placement.panel.y })
    }

    func testSixLayoutsAreReachedWithTheLayoutKeyAndTheBooksLanguageComesFirst() throws {
        let keyboard = OnScreenKeyboard(language: "ru-RU", enterLabel: "Search")
        XCTAssertEqual(keyboard.layout.code, "ru")
        XCTAssertTrue(keyboard.controls(metrics).contains { $0.control == .character("й") })
        var codes: [String] = []
        for _ in KeyboardLayout.all {
            codes.append(keyboard.layout.code)
            XCTAssertNil(try tap(.layout, on: keyboard))
        }
        XCTAssertEqual(Set(codes), ["en", "de", "fr", "es", "ru", "el"])
        XCTAssertEqual(OnScreenKeyboard(language: nil, enterLabel: "").layout.code, "en")
        XCTAssertEqual(OnScreenKeyboard(language: "de_AT", enterLabel: "").layout.code, "de")
    }

    func testShiftCapitalisesOneLetterAndTwoTapsLockIt() throws {
        let keyboard = OnScreenKeyboard(language: "en", enterLabel: "Search")
        XCTAssertEqual(try tap(.character("a"), on: keyboard), .insert("a"))
        _ = try tap(.shift, on: keyboard, at: 1000)
        XCTAssertEqual(try tap(.character("A"), on: keyboard, at: 2000), .insert("A"))
        XCTAssertEqual(try tap(.character("a"), on: keyboard, at: 3000), .insert("a"), "shift lasts one letter")
        _ = try tap(.shift, on: keyboard, at: 4000)
        _ = try tap(.shift, on: keyboard, at: 4200)
        XCTAssertEqual(keyboard.shift, .locked)
        XCTAssertEqual(try tap(.character("B"), on: keyboard, at: 5000), .insert("B"))
        XCTAssertEqual(try tap(.character("C"), on: keyboard, at: 6000), .insert("C"), "a locked shift stays")
        _ = try tap(.shift, on: keyboard, at: 7000)
        XCTAssertEqual(keyboard.shift, .off)
        XCTAssertEqual(KeyboardPlacement.shifted("ß"), "ß", "ß has no capital of its own here")
        XCTAssertEqual(KeyboardPlacement.shifted("й"), "Й")
    }

    func testSpaceDeleteEnterAndTheSymbolsPage() throws {
        let keyboard = OnScreenKeyboard(language: "en", enterLabel: "Search")
        XCTAssertEqual(try tap(.space, on: keyboard), .insert(" "))
        XCTAssertEqual(try tap(.backspace, on: keyboard), .deleteBackward)
        XCTAssertEqual(try tap(.enter, on: keyboard), .enter)
        XCTAssertNil(try tap(.symbols, on: keyboard))
        XCTAssertEqual(try tap(.character("7"), on: keyboard), .insert("7"))
        XCTAssertNil(try tap(.symbols, on: keyboard))
        XCTAssertTrue(keyboard.controls(metrics).contains { $0.control == .character("q") }, "back to letters")
    }

    func testHoldingALetterOffersItsAccents() throws {
        let keyboard = OnScreenKeyboard(language: "fr", enterLabel: "Rechercher")
        let e = try XCTUnwrap(keyboard.controls(metrics).first { $0.control == .character("e") })
        XCTAssertTrue(keyboard.longPress(at: centre(e.rect), metrics: metrics))
        let offered = keyboard.variants.map(\.control)
        for accent in ["é", "è", "ê", "ë"] { XCTAssertTrue(offered.contains(.character(accent)), accent) }
        XCTAssertTrue(keyboard.variants.allSatisfy { $0.rect.maxY <= e.rect.y }, "the accents sit above the key held")
        XCTAssertEqual(try tap(.character("ê"), on: keyboard), .insert("ê"))
        XCTAssertTrue(keyboard.variants.isEmpty, "a choice puts the accents away")
        let space = try XCTUnwrap(keyboard.controls(metrics).first { $0.control == .space })
        XCTAssertFalse(keyboard.longPress(at: centre(space.rect), metrics: metrics), "space has no variants")
    }
}
