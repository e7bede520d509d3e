import Devices
import XCTest
@testable import LinuxInput

/// Keys that type: an evdev keyboard read as a US one with shift and caps
/// lock followed, and a terminal's characters as its own layout typed them.
final class KeyboardTypingTests: XCTestCase {
    private func key(_ code: UInt16, _ value: Int32 = 1) -> InputEvent {
        InputEvent(type: EventType.key, code: code, value: value)
    }

    func testLettersDigitsShiftAndCapsLock() {
        var typing = KeyboardTyping()
        XCTAssertEqual(typing.typed(by: key(30)), .text("a"))
        XCTAssertNil(typing.typed(by: key(30, 0)), "a release types nothing")
        XCTAssertEqual(typing.typed(by: key(30, 2)), .text("a"), "a held key repeats")
        XCTAssertNil(typing.typed(by: key(KeyboardTyping.leftShift)))
        XCTAssertEqual(typing.typed(by: key(30)), .text("A"))
        XCTAssertEqual(typing.typed(by: key(2)), .text("!"))
        XCTAssertNil(typing.typed(by: key(KeyboardTyping.leftShift, 0)))
        XCTAssertEqual(typing.typed(by: key(2)), .text("1"))
        XCTAssertNil(typing.typed(by: key(KeyboardTyping.capsLockKey)))
        XCTAssertEqual(typing.typed(by: key(44)), .text("Z"), "caps lock capitalises letters")
        XCTAssertEqual(typing.typed(by: key(12)), .text("-"), "and not the other keys")
        XCTAssertNil(typing.typed(by: key(KeyboardTyping.rightShift)))
        XCTAssertEqual(typing.typed(by: key(44)), .text("z"), "shift with caps lock gives the small letter")
        XCTAssertEqual(typing.typed(by: key(KeyCode.backspace)), .deleteBackward)
        XCTAssertEqual(typing.typed(by: key(KeyCode.space)), .text(" "))
        XCTAssertNil(typing.typed(by: key(KeyCode.right)), "arrows type nothing")
        XCTAssertNil(typing.typed(by: key(KeyCode.enter)), "Enter is the field's action, a command")
    }

    func testAKeyThatTypesCarriesItsCommandToo() {
        var consoleKeys = ConsoleSwitchKeys()
        var typing = KeyboardTyping()
        let items = KeyboardInput.items(for: [key(KeyCode.space), key(KeyCode.m), key(30), key(KeyCode.right)],
                                        mapping: KeyboardMapping(), consoleKeys: &consoleKeys, typing: &typing, at: 7)
        XCTAssertEqual(items, [.typed(.text(" "), command: .nextPage, time: 7), .typed(.text("m"), command: .toggleMenu, time: 7),
                               .typed(.text("a"), command: nil, time: 7), .command(.nextPage, time: 7)])
    }

    func testTheTerminalsCharactersAreTypedAsItsLayoutSentThem() {
        var decoder = TerminalKeyDecoder()
        XCTAssertEqual(decoder.decode(Array("aé".utf8)), [KeyPress(typed: .text("a")), KeyPress(typed: .text("é"))])
        XCTAssertEqual(decoder.decode(Array("ж".utf8).prefix(1)), [], "half a character waits for the rest")
        XCTAssertEqual(decoder.decode(Array("ж".utf8).suffix(1)), [KeyPress(typed: .text("ж"))])
        XCTAssertEqual(decoder.decode([0x7f]), [KeyPress(typed: .deleteBackward, command: .previousPage)])
        XCTAssertEqual(decoder.decode(Array("m".utf8)), [KeyPress(typed: .text("m"), command: .toggleMenu)])
        XCTAssertEqual(decoder.decode([0xE2, 0x41]), [KeyPress(typed: .text("A"))], "a broken character is dropped")
        XCTAssertEqual(decoder.decode(Array("\u{1b}[C".utf8)), [KeyPress(command: .nextPage)])
    }
}
