import Foundation
import XCTest
@testable import Reader

final class KioskConfigurationTests: XCTestCase {
    func testEmptyFileGivesTheDefaults() throws {
        let configuration = try KioskConfiguration(parsing: "# nothing set\n\n", source: "test.conf")
        XCTAssertEqual(configuration, KioskConfiguration())
        XCTAssertEqual(configuration.fontSize, 20)
        XCTAssertEqual(configuration.tty, "/dev/tty1")
        XCTAssertTrue(configuration.lockVT)
    }

    func testEverySettingIsRead() throws {
        let text = """
        BOOKS=/srv/books
        BOOK = "/srv/books/one book.txt"
        FONT='/usr/share/fonts/a.ttf'
        FONT_SIZE=28
        THEME=dark
        MODE=800x480
        ROTATE=90
        TOUCH_MATRIX=0,1,0,-1,0,1
        TOUCH_DEVICE=/dev/input/event3
        TTY=/dev/tty2
        LOCK_VT=no
        """
        let configuration = try KioskConfiguration(parsing: text, source: "test.conf")
        XCTAssertEqual(configuration.booksFolder, "/srv/books")
        XCTAssertEqual(configuration.book, "/srv/books/one book.txt")
        XCTAssertEqual(configuration.font, "/usr/share/fonts/a.ttf")
        XCTAssertEqual(configuration.fontSize, 28)
        XCTAssertEqual(configuration.theme, "dark")
        XCTAssertEqual(configuration.mode, "800x480")
        XCTAssertEqual(configuration.rotate, 90)
        XCTAssertEqual(configuration.touchMatrix, "0,1,0,-1,0,1")
        XCTAssertEqual(configuration.touchDevice, "/dev/input/event3")
        XCTAssertEqual(configuration.tty, "/dev/tty2")
        XCTAssertFalse(configuration.lockVT)
    }

    func testAlternativeKeySpellingsAreUnderstood() throws {
        let text = "book=/b.txt\nfont-size=30\ntouch-matrix=1,0,0,0,1,0\nrotate=180\ntheme=dark\n"
        let configuration = try KioskConfiguration(parsing: text, source: "c")
        XCTAssertEqual(configuration.book, "/b.txt")
        XCTAssertEqual(configuration.fontSize, 30)
        XCTAssertEqual(configuration.touchMatrix, "1,0,0,0,1,0")
        XCTAssertEqual(configuration.rotate, 180)
        XCTAssertEqual(configuration.theme, "dark")
    }

    func testEmptyValuesMeanTheDefault() throws {
        let configuration = try KioskConfiguration(parsing: "BOOK=\nFONT=\nFONT_SIZE=\nROTATE=\nMODE=\n", source: "c")
        XCTAssertNil(configuration.book)
        XCTAssertNil(configuration.font)
        XCTAssertNil(configuration.mode)
        XCTAssertEqual(configuration.fontSize, 20)
        XCTAssertEqual(configuration.rotate, 0)
    }

    func testErrorsNameTheFileLineAndWhatToWrite() {
        let cases: [(String, String)] = [
            ("FONT_SIZE=20\nROTATE=45\n", "k.conf:2: ROTATE: \"45\": use 0, 90, 180 or 270"),
            ("FONT_SIZE=big", "k.conf:1: FONT_SIZE: \"big\": a whole number of pixels from 6 to 400"),
            ("THEME=blue", "k.conf:1: THEME: \"blue\": use light, sepia, dark or high-contrast"),
            ("TOUCH_MATRIX=1,0,0", "k.conf:1: TOUCH_MATRIX: \"1,0,0\": six numbers a,b,c,d,e,f"),
            ("LOCK_VT=maybe", "k.conf:1: LOCK_VT: \"maybe\": use yes or no"),
            ("just words", "k.conf:1: expected KEY=value, found \"just words\""),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try KioskConfiguration(parsing: text, source: "k.conf"), text) { error in
                XCTAssertEqual((error as? KioskConfigurationError)?.description, message)
            }
        }
        XCTAssertThrowsError(try KioskConfiguration(parsing: "FONTSIZE=20", source: "k.conf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("k.conf:1: FONTSIZE: unknown setting; did you mean FONT_SIZE? known: BOOK, BOOKS"),
                          "\(error)")
        }
    }

    func testTheShelfIsAnHTTPAddressAndItsPeriodMinutes() throws {
        let configuration = try KioskConfiguration(parsing: "SHELF=https://kiosk:pw@books.example/opds\nSHELF_SYNC=30\n", source: "k.conf")
        XCTAssertEqual(configuration.shelf, "https://kiosk:pw@books.example/opds")
        XCTAssertEqual(configuration.shelfSyncMinutes, 30)
        XCTAssertNil(try KioskConfiguration(parsing: "SHELF_SYNC=0", source: "k.conf").shelfSyncMinutes)
        XCTAssertThrowsError(try KioskConfiguration(parsing: "SHELF=file://secret@/etc/passwd", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: SHELF: not an http or https address of an OPDS feed")
        }
        XCTAssertThrowsError(try KioskConfiguration(parsing: "SHELF_SYNC=often", source: "k.conf"))
    }

    func testTheEncodingIsCheckedAndHandedToTheReader() throws {
        let configuration = try KioskConfiguration(parsing: "ENCODING=cp1251\n", source: "k.conf")
        XCTAssertEqual(configuration.encoding, "cp1251")
        XCTAssertEqual(Array(configuration.readerArguments(book: "/b.txt").suffix(3)), ["--encoding", "cp1251", "--lock-vt"])
        XCTAssertNil(try KioskConfiguration(parsing: "ENCODING=\n", source: "k.conf").encoding)
        XCTAssertThrowsError(try KioskConfiguration(parsing: "\nENCODING=klingon-7", source: "k.conf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("k.conf:2: ENCODING: \"klingon-7\": not a charset name"), "\(error)")
        }
    }

    func testThePoliciesAreCheckedAndHandedToTheReader() throws {
        let configuration = try KioskConfiguration(parsing: "MENU=reading\nIDLE_RESET=10\nblank-after=30\n", source: "k.conf")
        XCTAssertEqual(configuration.menu, .reading)
        XCTAssertEqual(configuration.idleResetMinutes, 10)
        XCTAssertEqual(configuration.blankAfterMinutes, 30)
        XCTAssertEqual(Array(configuration.readerArguments(book: "/b.txt").suffix(7)),
                       ["--menu", "reading", "--idle-reset", "10", "--blank-after", "30", "--lock-vt"])
        let shelf = try KioskConfiguration(parsing: "DICTIONARIES=/srv/dict\n", source: "k.conf")
        XCTAssertEqual(shelf.dictionaries, "/srv/dict")
        XCTAssertTrue(shelf.readerArguments(book: "/b.txt").joined(separator: " ").contains("--dictionaries /srv/dict"))
        let kept = try KioskConfiguration(parsing: "NOTES=keep\n", source: "k.conf")
        XCTAssertEqual(kept.notes, .keep)
        XCTAssertTrue(kept.readerArguments(book: "/b.txt").joined(separator: " ").contains("--notes keep"))
        XCTAssertThrowsError(try KioskConfiguration(parsing: "NOTES=forever\n", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: NOTES: \"forever\": use keep, session or off")
        }
        let defaults = try KioskConfiguration(parsing: "MENU=\nIDLE_RESET=0\nBLANK_AFTER=\n", source: "k.conf")
        XCTAssertEqual(defaults.notes, .session, "a visitor's notes never reach the next")
        XCTAssertEqual(defaults.menu, .full)
        XCTAssertNil(defaults.idleResetMinutes, "0 means never")
        XCTAssertNil(defaults.blankAfterMinutes)
        XCTAssertFalse(defaults.readerArguments(book: "/b.txt").contains { $0.hasPrefix("--menu") || $0.hasPrefix("--idle") })
        let cases: [(String, String)] = [
            ("MENU=kiosk", "k.conf:1: MENU: \"kiosk\": use full or reading"),
            ("\nIDLE_RESET=5m", "k.conf:2: IDLE_RESET: \"5m\": a whole number of minutes from 1 to 1440 (0 or empty: never)"),
            ("BLANK_AFTER=-3", "k.conf:1: BLANK_AFTER: \"-3\": a whole number of minutes from 1 to 1440 (0 or empty: never)"),
            ("BLANK_AFTER=1441", "k.conf:1: BLANK_AFTER: \"1441\": a whole number of minutes from 1 to 1440 (0 or empty: never)"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try KioskConfiguration(parsing: text, source: "k.conf"), text) { error in
                XCTAssertEqual((error as? KioskConfigurationError)?.description, message)
            }
        }
    }

    func testColumnsAreCheckedAndHandedToTheReader() throws {
        XCTAssertEqual(try KioskConfiguration(parsing: "", source: "k.conf").columns, .one)
        let two = try KioskConfiguration(parsing: "COLUMNS=2\n", source: "k.conf")
        XCTAssertEqual(two.columns, .two)
        XCTAssertTrue(two.readerArguments(book: "/b.txt").joined(separator: " ").contains("--columns 2"))
        XCTAssertEqual(try KioskConfiguration(parsing: "columns=AUTO\n", source: "k.conf").columns, .auto)
        XCTAssertEqual(try KioskConfiguration(parsing: "COLUMNS=2\nCOLUMNS=\n", source: "k.conf").columns, .one)
        XCTAssertThrowsError(try KioskConfiguration(parsing: "\nCOLUMNS=3\n", source: "k.conf")) { error in
            XCTAssertEqual((error as? KioskConfigurationError)?.description, "k.conf:2: COLUMNS: \"3\": use auto, 1 or 2")
        }
    }

    func testTheShippedDefaultFileParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Systemd/ebook-fb.conf").path
        let configuration = try KioskConfiguration.load(path: path)
        XCTAssertEqual(configuration.booksFolder, "@PREFIX@/share/ebook-fb/books")
        XCTAssertNil(configuration.book)
        XCTAssertEqual(configuration.tty, "/dev/tty1")
    }

    func testMissingFileIsNamed() {
        XCTAssertThrowsError(try KioskConfiguration.load(path: "/nonexistent/ebook-fb.conf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("/nonexistent/ebook-fb.conf: cannot be read"), "\(error)")
        }
    }

    func testReaderArgumentsCarryEverySetting() throws {
        var configuration = KioskConfiguration()
        XCTAssertEqual(configuration.readerArguments(book: "/b.txt"),
                       ["/b.txt", "--display", "drm", "--kiosk", "--tty", "/dev/tty1", "--font-size", "20",
                        "--theme", "light", "--rotate", "0", "--notes", "session", "--lock-vt"])
        configuration.font = "/f.ttf"
        configuration.mode = "800x480"
        configuration.touchMatrix = "1,0,0,0,1,0"
        configuration.touchDevice = "/dev/input/event1"
        configuration.lockVT = false
        let arguments = configuration.readerArguments(book: "/b.txt")
        XCTAssertEqual(Array(arguments.suffix(8)), ["--font", "/f.ttf", "--mode", "800x480",
                                                    "--touch-matrix", "1,0,0,0,1,0", "--touch-device", "/dev/input/event1"])
        XCTAssertFalse(arguments.contains("--lock-vt"))
    }

    func testDisplayDeviceChoosesWhereTheReaderDraws() throws {
        let fbdev = try KioskConfiguration(parsing: "DISPLAY_DEVICE=fbdev\n", source: "/etc/ebook-fb.conf")
        XCTAssertEqual(Array(fbdev.readerArguments(book: "/b.txt")[1...2]), ["--display", "fbdev"])
        XCTAssertEqual(try KioskConfiguration(parsing: "display-device=KMS\n", source: "c").displayDevice, "drm")
        XCTAssertEqual(try KioskConfiguration(parsing: "DISPLAY_DEVICE=\n", source: "c").displayDevice, "drm")
        XCTAssertThrowsError(try KioskConfiguration(parsing: "\nDISPLAY_DEVICE=x11\n", source: "c")) { error in
            XCTAssertEqual("\(error)", "c:2: DISPLAY_DEVICE: \"x11\": use drm, fbdev or auto")
        }
    }
}

final class KioskBookChoiceTests: XCTestCase {
    private func reading(_ path: String, at time: Double) -> SavedReading {
        SavedReading(state: ReadingState(book: "0000000000000000", offset: 10, path: path), savedAt: time)
    }

    func testConfiguredBookWins() {
        let chosen = KioskBookChoice.choose(configuredBook: "/one.txt", folderBooks: ["/f/a.txt"],
                                            saved: [reading("/f/a.txt", at: 5)])
        XCTAssertEqual(chosen, "/one.txt")
    }

    func testLastReadBookOfTheFolderIsReopened() {
        let saved = [reading("/f/a.txt", at: 5), reading("/f/c.txt", at: 9), reading("/elsewhere.txt", at: 20)]
        XCTAssertEqual(KioskBookChoice.choose(configuredBook: nil, folderBooks: ["/f/a.txt", "/f/b.txt", "/f/c.txt"],
                                              saved: saved), "/f/c.txt")
    }

    func testFirstBookByNameWithoutSavedPositions() {
        XCTAssertEqual(KioskBookChoice.choose(configuredBook: nil, folderBooks: ["/f/b.txt", "/f/a.txt"], saved: []),
                       "/f/a.txt")
        XCTAssertNil(KioskBookChoice.choose(configuredBook: nil, folderBooks: [], saved: []))
    }

    func testFolderListingAndSavedReadingsOnDisk() throws {
        let folder = NSTemporaryDirectory() + "kiosk-books-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        for name in ["b.txt", "a.TXT", "c.epub", "d.text", "notes.md", ".hidden.txt", ".e.epub"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8))
        }
        XCTAssertEqual(try KioskBookChoice.books(inFolder: folder), ["a.TXT", "b.txt", "c.epub", "d.text"].map { folder + "/" + $0 },
                       "the books the library lists")
        XCTAssertThrowsError(try KioskBookChoice.books(inFolder: folder + "/missing"))

        let store = StateStore(directory: folder + "/state")
        try store.save(ReadingState(book: "1111111111111111", offset: 3, path: folder + "/b.txt"))
        _ = FileManager.default.createFile(atPath: folder + "/state/broken.json", contents: Data("{".utf8))
        let saved = store.savedReadings()
        XCTAssertEqual(saved.map(\.state.path), [folder + "/b.txt"])
        XCTAssertEqual(KioskBookChoice.choose(configuredBook: nil, folderBooks: try KioskBookChoice.books(inFolder: folder),
                                              saved: saved), folder + "/b.txt")
    }

    func testTheInterfaceScaleIsCheckedAndHandedToTheReader() throws {
        let large = try KioskConfiguration(parsing: "UI_SCALE=1.5\nTHEME=high-contrast\n", source: "k.conf")
        XCTAssertEqual(large.interfaceScale, .large)
        let arguments = large.readerArguments(book: "/b.txt").joined(separator: " ")
        XCTAssertTrue(arguments.contains("--ui-scale 1.5x"), arguments)
        XCTAssertTrue(arguments.contains("--theme high-contrast"), arguments)
        let unset = try KioskConfiguration(parsing: "ui-scale=\n", source: "k.conf")
        XCTAssertNil(unset.interfaceScale, "empty: as chosen on the text panel")
        XCTAssertFalse(unset.readerArguments(book: "/b.txt").contains("--ui-scale"))
        XCTAssertThrowsError(try KioskConfiguration(parsing: "UI_SCALE=3", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: UI_SCALE: \"3\": use 1, 1.5 or 2 (times the normal size)")
        }
    }

    func testTheSpokenInterfaceAndTheSoundCardAreHandedToTheReader() throws {
        let kiosk = try KioskConfiguration(parsing: "ACCESSIBLE=spoken\nAUDIO_DEVICE=plughw:1,0\n", source: "k.conf")
        XCTAssertTrue(kiosk.spokenInterface)
        let arguments = kiosk.readerArguments(book: "/b.txt").joined(separator: " ")
        XCTAssertTrue(arguments.contains("--spoken"), arguments)
        XCTAssertTrue(arguments.contains("--audio-device plughw:1,0"), arguments)
        let plain = try KioskConfiguration(parsing: "ACCESSIBLE=off\nAUDIO_DEVICE=\n", source: "k.conf")
        XCTAssertFalse(plain.readerArguments(book: "/b.txt").contains { $0 == "--spoken" || $0 == "--audio-device" })
        XCTAssertThrowsError(try KioskConfiguration(parsing: "ACCESSIBLE=yes", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: ACCESSIBLE: \"yes\": use spoken or off")
        }
        XCTAssertThrowsError(try KioskConfiguration(parsing: "\nAUDIO_DEVICE=hw 0", source: "k.conf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("k.conf:2: AUDIO_DEVICE: \"hw 0\""), "\(error)")
        }
    }

    func testLanguagesAreOfferedToTheReaderInOrder() throws {
        let kiosk = try KioskConfiguration(parsing: "LANGUAGES=de, en,zh_Hans\n", source: "k.conf")
        XCTAssertEqual(kiosk.languages, ["de", "en", "zh_Hans"])
        XCTAssertTrue(kiosk.readerArguments(book: "/b.txt").joined(separator: " ").contains("--languages de,en,zh_Hans"))
        XCTAssertFalse(try KioskConfiguration(parsing: "LANGUAGES=\n", source: "k.conf").readerArguments(book: "/b.txt")
            .contains("--languages"))
        XCTAssertThrowsError(try KioskConfiguration(parsing: "LANGUAGES=de,deutsch!", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: LANGUAGES: \"deutsch!\": use catalog names such as de, en, zh_Hans, comma-separated")
        }
    }

    func testAnEinkPanelIsHandedToTheReader() throws {
        let eink = try KioskConfiguration(parsing: "DISPLAY_MODE=eink\n", source: "k.conf")
        XCTAssertEqual(eink.displayMode, .eink)
        XCTAssertTrue(eink.readerArguments(book: "/b.txt").joined(separator: " ").contains("--display-mode eink"))
        XCTAssertFalse(try KioskConfiguration(parsing: "display-mode=\n", source: "k.conf").readerArguments(book: "/b.txt")
            .contains("--display-mode"), "empty: standard")
        XCTAssertThrowsError(try KioskConfiguration(parsing: "DISPLAY_MODE=epaper", source: "k.conf")) { error in
            XCTAssertEqual("\(error)", "k.conf:1: DISPLAY_MODE: \"epaper\": use standard or eink")
        }
    }
}
