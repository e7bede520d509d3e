import Devices
import XCTest
@testable import LinuxInput

final class KeyboardMappingTests: XCTestCase {
    func press(_ code: UInt16, _ value: Int32 = 1) -> InputEvent {
        InputEvent(type: EventType.key, code: code, value: value)
    }

    func testDesignKeys() {
        let mapping = KeyboardMapping()
        let expected: [(UInt16, ReaderCommand)] = [
            (KeyCode.right, .nextPage), (KeyCode.pageDown, .nextPage), (KeyCode.space, .nextPage),
            (KeyCode.left, .previousPage), (KeyCode.pageUp, .previousPage), (KeyCode.backspace, .previousPage),
            (KeyCode.home, .firstPage), (KeyCode.end, .lastPage),
            (KeyCode.equal, .increaseFontSize), (KeyCode.keypadPlus, .increaseFontSize),
            (KeyCode.minus, .decreaseFontSize), (KeyCode.keypadMinus, .decreaseFontSize),
            (KeyCode.z, .toggleZoom), (KeyCode.q, .quit), (KeyCode.escape, .closeScreenOrQuit),
            (KeyCode.m, .toggleMenu), (KeyCode.b, .toggleBookmark), (KeyCode.c, .toggleContents), (KeyCode.t, .toggleText), (KeyCode.l, .openLibrary), (KeyCode.enter, .activate), (KeyCode.keypadEnter, .activate),
        ]
        for (code, command) in expected {
            XCTAssertEqual(mapping.command(for: press(code)), command, "key \(code)")
        }
        XCTAssertNil(mapping.command(for: press(30)), "KEY_A does nothing")
    }

    func testReleaseRepeatAndKiosk() {
        let mapping = KeyboardMapping()
        XCTAssertNil(mapping.command(for: press(KeyCode.right, 0)))
        XCTAssertEqual(mapping.command(for: press(KeyCode.right, 2)), .nextPage)
        XCTAssertNil(mapping.command(for: press(KeyCode.q, 2)), "quit only on the press")
        XCTAssertNil(mapping.command(for: press(KeyCode.z, 2)))
        XCTAssertNil(mapping.command(for: InputEvent(type: EventType.absolute, code: KeyCode.right, value: 1)))
        let kiosk = KeyboardMapping(kioskMode: true)
        XCTAssertNil(kiosk.command(for: press(KeyCode.q)))
        XCTAssertEqual(kiosk.command(for: press(KeyCode.escape)), .closeScreen, "Escape still closes a screen")
        XCTAssertNil(mapping.command(for: press(KeyCode.m, 2)), "the menu toggles on the press only")
        XCTAssertEqual(kiosk.command(for: press(KeyCode.space)), .nextPage)
    }
}

final class TerminalKeyDecoderTests: XCTestCase {
    func decode(_ text: String, kiosk: Bool = false) -> [ReaderCommand] {
        var decoder = TerminalKeyDecoder(mapping: KeyboardMapping(kioskMode: kiosk))
        return (decoder.decode(Array(text.utf8)) + decoder.flush()).compactMap(\.command)
    }

    func testArrowsPagesHomeEnd() {
        XCTAssertEqual(decode("\u{1b}[C\u{1b}[D\u{1b}OC\u{1b}OD"), [.nextPage, .previousPage, .nextPage, .previousPage])
        XCTAssertEqual(decode("\u{1b}[6~\u{1b}[5~"), [.nextPage, .previousPage])
        // Home and End as the Linux console, xterm and rxvt send them.
        XCTAssertEqual(decode("\u{1b}[1~\u{1b}[H\u{1b}OH\u{1b}[7~"), [.firstPage, .firstPage, .firstPage, .firstPage])
        XCTAssertEqual(decode("\u{1b}[4~\u{1b}[F\u{1b}OF\u{1b}[8~"), [.lastPage, .lastPage, .lastPage, .lastPage])
        XCTAssertEqual(decode("\u{1b}[1;5C"), [.nextPage], "modifiers do not matter")
    }

    func testPlainCharacters() {
        XCTAssertEqual(decode(" \u{7f}\u{08}+=-zq"), [.nextPage, .previousPage, .previousPage, .increaseFontSize,
                                                     .increaseFontSize, .decreaseFontSize, .toggleZoom, .quit])
        XCTAssertEqual(decode("mbctl"), [.toggleMenu, .toggleBookmark, .toggleContents, .toggleText, .openLibrary])
        XCTAssertEqual(decode("a"), [])
        XCTAssertEqual(decode("\r"), [.activate], "Enter")
    }

    func testIgnoredSequencesLeaveNoDebris() {
        // F1 on the Linux console, F5 on xterm, Insert: none is a command, and nothing leaks as characters.
        XCTAssertEqual(decode("\u{1b}[[A\u{1b}[15~\u{1b}[2~ "), [.nextPage])
    }

    func testSequenceSplitAcrossReads() {
        var decoder = TerminalKeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{1b}".utf8)), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.decode(Array("[".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("6".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("~".utf8)), [KeyPress(command: .nextPage)])
        XCTAssertFalse(decoder.hasPendingEscape)
    }

    func testLoneEscape() {
        XCTAssertEqual(decode("\u{1b}"), [.closeScreenOrQuit], "a lone Escape closes or quits once no sequence follows")
        XCTAssertEqual(decode("\u{1b}z"), [.closeScreenOrQuit, .toggleZoom])
        XCTAssertEqual(decode("\u{1b}", kiosk: true), [.closeScreen])
        XCTAssertEqual(decode("q", kiosk: true), [])
    }
}

/// Ctrl+Alt+Fn read from evdev: the console switch the muted console keyboard would make.
final class ConsoleSwitchKeyTests: XCTestCase {
    private func key(_ code: UInt16, _ value: Int32) -> InputEvent { InputEvent(type: EventType.key, code: code, value: value) }

    func testCtrlAltFunctionKeysAskForThatConsoleAndNothingElseOfTheChordReachesTheReader() {
        var keys = ConsoleSwitchKeys()
        let events = [key(KeyCode.leftControl, 1), key(KeyCode.leftAlt, 1), key(60, 1), key(60, 2), key(60, 0),
                      key(KeyCode.right, 1), key(KeyCode.leftAlt, 0), key(KeyCode.leftControl, 0), key(KeyCode.right, 1)]
        var typing = KeyboardTyping()
        let items = KeyboardInput.items(for: events, mapping: KeyboardMapping(kioskMode: true), consoleKeys: &keys,
                                        typing: &typing, at: 5)
        XCTAssertEqual(items, [.switchConsole(2, time: 5), .command(.nextPage, time: 5)],
                       "F2 once (not its repeat); the arrow held with the chord does nothing, the one after turns")
    }

    func testEveryFunctionKeyAndEitherSideOfTheKeyboard() {
        for (index, code) in KeyCode.functionKeys.enumerated() {
            var keys = ConsoleSwitchKeys()
            XCTAssertNil(keys.consoleNumber(for: key(KeyCode.rightControl, 1)))
            XCTAssertNil(keys.consoleNumber(for: key(KeyCode.rightAlt, 1)))
            XCTAssertEqual(keys.consoleNumber(for: key(code, 1)), index + 1)
        }
        var keys = ConsoleSwitchKeys()
        XCTAssertNil(keys.consoleNumber(for: key(60, 1)), "F2 alone")
        _ = keys.consoleNumber(for: key(KeyCode.leftControl, 1))
        XCTAssertNil(keys.consoleNumber(for: key(60, 1)), "Ctrl+F2 without Alt")
        _ = keys.consoleNumber(for: key(KeyCode.leftAlt, 1))
        _ = keys.consoleNumber(for: key(KeyCode.leftControl, 0))
        XCTAssertNil(keys.consoleNumber(for: key(60, 1)), "Ctrl let go")
    }
}
