import BookModel
import Foundation
import Glibc
@testable import PlainText
import XCTest
@testable import Typesetting

/// Texts in one language each, long enough for a charset model to match.
enum LegacyTexts {
    static let russian = String(repeating: """
        Все люди рождаются свободными и равными в своем достоинстве и правах. Они наделены разумом и совестью \
        и должны поступать в отношении друг друга в духе братства. Каждый человек должен обладать всеми правами \
        и всеми свободами, провозглашенными настоящей Декларацией, без какого бы то ни было различия.

        """, count: 6)
    static let ukrainian = String(repeating: """
        Всі люди народжуються вільними і рівними у своїй гідності та правах. Вони наділені розумом і совістю \
        і повинні діяти у відношенні один до одного в дусі братерства. Ґанок, їжак, єдність.

        """, count: 6)
    static let japanese = String(repeating: """
        吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で\
        ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。

        """, count: 6)
    static let chinese = String(repeating: """
        人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。\
        人人有资格享有本宣言所载的一切权利和自由，不分种族、肤色、性别、语言、宗教、政治或其他见解。

        """, count: 6)
    static let traditionalChinese = String(repeating: """
        人人生而自由，在尊嚴和權利上一律平等。他們賦有理性和良心，並應以兄弟關係的精神相對待。\
        人人有資格享有本宣言所載的一切權利和自由，不分種族、膚色、性別、語言、宗教、政治或其他見解。

        """, count: 6)
    static let korean = String(repeating: """
        모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 천부적으로 이성과 양심을 \
        부여받았으며 서로 형제애의 정신으로 행동하여야 한다.

        """, count: 6)
    static let thai = String(repeating: """
        มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ ต่างมีเหตุผลและมโนธรรม \
        และควรปฏิบัติต่อกันด้วยเจตนารมณ์แห่งภราดรภาพ

        """, count: 6)
    static let greek = String(repeating: """
        Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα. Είναι προικισμένοι \
        με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται μεταξύ τους με πνεύμα αδελφοσύνης.

        """, count: 6)
    static let polish = String(repeating: """
        Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. Są oni obdarzeni \
        rozumem i sumieniem i powinni postępować wobec innych w duchu braterstwa. Każdy człowiek posiada \
        wszystkie prawa i wolności zawarte w niniejszej Deklaracji bez względu na różnice rasy, koloru skóry.

        """, count: 6)
    static let french = String(repeating: """
        Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils sont doués de raison et \
        de conscience et doivent agir les uns envers les autres dans un esprit de fraternité. Ça déçoit.

        """, count: 6)

    /// `text` in `charset`, through glibc's iconv (characters the charset lacks fail the test).
    static func encode(_ text: String, as charset: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        let handle = iconv_open(charset, "UTF-8")
        guard handle != iconv_t(bitPattern: -1) else {
            XCTFail("iconv knows no \(charset)", file: file, line: line)
            return []
        }
        defer { iconv_close(handle) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written: Int = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(source.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = source.count
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(target.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var outLeft = target.count
                if iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft) == -1 { return -1 }
                iconv(handle, nil, nil, &outPointer, &outLeft) // the shift back to ASCII of ISO-2022
                return target.count - outLeft
            }
        }
        guard written >= 0 else {
            XCTFail("\(charset) cannot hold the text", file: file, line: line)
            return []
        }
        return Array(output[..<written])
    }
}

final class EncodingDetectionTests: XCTestCase {
    private func decode(_ bytes: [UInt8], encoding: TextEncoding? = nil) throws -> DecodedText {
        try BookDecoder.decode(Data(bytes), path: "test.txt", encoding: encoding)
    }

    private func string(_ text: DecodedText) -> String { String(decoding: text.utf8, as: UTF8.self) }

    func testByteOrderMarksAreSureAndComeFirst() throws {
        // Without its mark these bytes are Windows-1251 Russian; the mark says UTF-8 and wins.
        let marked = try decode([0xEF, 0xBB, 0xBF] + Array(LegacyTexts.russian.utf8))
        XCTAssertEqual(marked.encoding, .utf8)
        XCTAssertEqual(marked.encodingConfidence, 100)
        XCTAssertEqual(string(marked), LegacyTexts.russian)
        let little = try decode([0xFF, 0xFE] + LegacyTexts.japanese.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        XCTAssertEqual(little.encoding, .utf16LittleEndian)
        XCTAssertEqual(little.encodingConfidence, 100)
        XCTAssertEqual(string(little), LegacyTexts.japanese)
    }

    func testUTF16WithoutAMarkIsToldByItsZeroBytes() throws {
        let text = "CHAPTER I.\nAlice was beginning to get very tired of sitting by her sister.\n\n"
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let fromLittle = try decode(little), fromBig = try decode(big)
        XCTAssertEqual(fromLittle.encoding, .utf16LittleEndian)
        XCTAssertEqual(fromBig.encoding, .utf16BigEndian)
        XCTAssertEqual(string(fromLittle), text)
        XCTAssertEqual(string(fromBig), text)
        XCTAssertTrue((50...100).contains(fromLittle.encodingConfidence), "\(fromLittle.encodingConfidence)")
        // NUL bytes without the pattern of text are still a binary file.
        XCTAssertThrowsError(try decode([UInt8](repeating: 0, count: 64) + Array("text".utf8)))
    }

    func testValidUTF8IsDecidedWithoutAGuess() throws {
        let text = try decode(Array(LegacyTexts.russian.utf8))
        XCTAssertEqual(text.encoding, .utf8)
        XCTAssertEqual(text.encodingConfidence, 100)
        XCTAssertNil(text.encodingLanguage)
    }

    func testAShortOrAmbiguousFileKeepsTheWindows1252AndLatin1Rule() throws {
        // Too few bytes above ASCII to tell charsets apart.
        let latin = try decode(Array("Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me".utf8))
        XCTAssertEqual(latin.encoding, .iso8859_1)
        XCTAssertEqual(string(latin), "Café crème")
        XCTAssertLessThan(latin.encodingConfidence, EncodingDetector.minimumConfidence)
        let quoted = try decode([0x93] + Array("quoted".utf8) + [0x94])
        XCTAssertEqual(quoted.encoding, .windows1252)
        XCTAssertEqual(string(quoted), "\u{201C}quoted\u{201D}")
        // Three Cyrillic letters are no evidence: the Latin rule stands.
        XCTAssertEqual(try decode(LegacyTexts.encode("Мир", as: "CP1251")).encoding, .iso8859_1)
        // A long Western text that ICU names ISO-8859-1 or Windows-1252 is
        // decided by the same rule, so old files read as they did.
        let french = try decode(LegacyTexts.encode(LegacyTexts.french, as: "ISO-8859-1"))
        XCTAssertEqual(french.encoding, .iso8859_1)
        XCTAssertEqual(string(french), LegacyTexts.french)
        XCTAssertEqual(french.encodingLanguage, "fr")
    }

    func testLegacyCharsetsAreDetectedAndConverted() throws {
        let cases: [(text: String, iconvName: String, expected: String)] = [
            (LegacyTexts.russian, "CP1251", "windows-1251"),
            (LegacyTexts.russian, "KOI8-R", "KOI8-R"),
            (LegacyTexts.russian, "ISO-8859-5", "ISO-8859-5"),
            (LegacyTexts.ukrainian, "KOI8-U", "KOI8-U"),
            (LegacyTexts.japanese, "SHIFT_JIS", "Shift_JIS"),
            (LegacyTexts.japanese, "EUC-JP", "EUC-JP"),
            (LegacyTexts.japanese, "ISO-2022-JP", "ISO-2022-JP"),
            (LegacyTexts.chinese, "GB18030", "GB18030"),
            (LegacyTexts.chinese, "GBK", "GB18030"),
            (LegacyTexts.traditionalChinese, "BIG5", "Big5"),
            (LegacyTexts.korean, "EUC-KR", "EUC-KR"),
            (LegacyTexts.greek, "ISO-8859-7", "ISO-8859-7"),
        ]
        for (text, iconvName, expected) in cases {
            let decoded = try decode(LegacyTexts.encode(text, as: iconvName))
            XCTAssertEqual(decoded.encoding.name, expected, iconvName)
            XCTAssertEqual(string(decoded), text, iconvName)
            XCTAssertGreaterThanOrEqual(decoded.encodingConfidence, EncodingDetector.minimumConfidence, iconvName)
        }
    }

    func testTheCharsetModelsLanguageStandsInWhenTheTextSaysNone() throws {
        // Polish has none of the stop words the text is tried for.
        let polish = try decode(LegacyTexts.encode(LegacyTexts.polish, as: "ISO-8859-2"))
        XCTAssertEqual(polish.encoding.name, "ISO-8859-2")
        XCTAssertEqual(string(polish), LegacyTexts.polish)
        XCTAssertEqual(polish.encodingLanguage, "pl")
        XCTAssertEqual(LanguageDetector.detect(in: polish), "pl")
        // The text's own evidence comes first.
        let french = try decode(LegacyTexts.encode(LegacyTexts.french, as: "ISO-8859-1"))
        XCTAssertEqual(LanguageDetector.detect(in: french), "fr")
    }

    func testThaiTIS620IsFoundByItsOwnRule() throws {
        let bytes = LegacyTexts.encode(LegacyTexts.thai, as: "TIS-620")
        let decoded = try decode(bytes)
        XCTAssertEqual(decoded.encoding.name, "TIS-620")
        XCTAssertEqual(string(decoded), LegacyTexts.thai)
        XCTAssertGreaterThan(bytes.withUnsafeBufferPointer { TIS620Rule.confidence($0) }, 0)
        // Double-byte CJK and Cyrillic text share its byte range but not its shape.
        for (text, charset) in [(LegacyTexts.korean, "EUC-KR"), (LegacyTexts.chinese, "GB2312"),
                                (LegacyTexts.japanese, "EUC-JP"), (LegacyTexts.russian, "CP1251"),
                                (LegacyTexts.greek, "ISO-8859-7")] {
            let other = LegacyTexts.encode(text, as: charset)
            XCTAssertEqual(other.withUnsafeBufferPointer { TIS620Rule.confidence($0) }, 0, charset)
        }
    }

    func testAGivenEncodingOverridesDetection() throws {
        let bytes = LegacyTexts.encode(LegacyTexts.russian, as: "CP1251")
        let forced = try decode(bytes, encoding: TextEncoding.named("koi8-r"))
        XCTAssertEqual(forced.encoding.name, "KOI8-R")
        XCTAssertEqual(forced.encodingConfidence, 100)
        XCTAssertNotEqual(string(forced), LegacyTexts.russian)
        XCTAssertEqual(string(try decode(bytes, encoding: TextEncoding.named("cp1251"))), LegacyTexts.russian)
        // Given UTF-16LE, a file that starts with its mark loses the mark.
        let marked: [UInt8] = [0xFF, 0xFE] + "Hi".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(string(try decode(marked, encoding: TextEncoding.named("UTF-16LE"))), "Hi")
    }

    func testAnUnknownNameIsRefusedNamingIt() {
        for name in ["klingon-7", "", "   "] {
            XCTAssertThrowsError(try TextEncoding.named(name)) { error in
                XCTAssertEqual(error as? BookError, .unknownEncoding(name: name))
                XCTAssertTrue("\(error)".hasPrefix("unknown encoding \"\(name)\""), "\(error)")
            }
        }
    }

    func testNamesAreTheStandardOnes() throws {
        XCTAssertEqual(try TextEncoding.named("sjis").name, "Shift_JIS")
        XCTAssertEqual(try TextEncoding.named("cp1251").name, "windows-1251")
        XCTAssertEqual(try TextEncoding.named("euc-jp").name, "EUC-JP")
        XCTAssertEqual(try TextEncoding.named("latin1"), .iso8859_1)
        XCTAssertEqual(try TextEncoding.named("cp1252"), .windows1252)
        XCTAssertEqual(try TextEncoding.named("utf8"), .utf8)
        // ICU's data lacks ISO-8859-16; iconv reads it (0xAA is Ș, 0xBA is ș).
        let romanian = try TextEncoding.named("ISO-8859-16")
        XCTAssertEqual(romanian.name, "ISO-8859-16")
        XCTAssertEqual(string(try decode([0xAA, 0x61, 0xBA], encoding: romanian)), "Șaș")
    }

    func testEveryEncodingAskedForIsKnown() throws {
        let names = ["Shift_JIS", "EUC-JP", "ISO-2022-JP", "GB18030", "GBK", "GB2312", "Big5", "EUC-KR", "KOI8-R", "KOI8-U",
                     "TIS-620", "windows-874"] + (1250...1258).map { "windows-\($0)" }
            + (1...16).filter { $0 != 12 }.map { "ISO-8859-\($0)" }
        for name in names {
            XCTAssertNoThrow(try TextEncoding.named(name), name)
        }
    }

    func testTheSampleSpansTheFileNotOnlyItsStart() throws {
        // A long plain-ASCII front matter with one stray high byte, the
        // Russian text only after the first pieces.
        let front = Array(String(repeating: "This is the licence of the book, in plain ASCII.\n", count: 3_000).utf8) + [0xA9, 0x0A]
        let russian = LegacyTexts.encode(String(repeating: LegacyTexts.russian, count: 20), as: "CP1251")
        let bytes = front + russian
        XCTAssertGreaterThan(bytes.count, DetectionSample.pieceLength * DetectionSample.pieceCount)
        XCTAssertEqual(try decode(bytes).encoding.name, "windows-1251")
        // Opened in a window holding only the front matter, the pieces past it are read from the file.
        let path = NSTemporaryDirectory() + "spread-\(getpid()).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let window = try BookDecoder.decode(contentsOf: path, window: front.count + 100)
        XCTAssertFalse(window.isComplete)
        XCTAssertEqual(window.encoding.name, "windows-1251")
        XCTAssertTrue(string(window).hasSuffix("©\n"), "the window is cut after the front matter's last line")
    }

    func testTheUTF8ToleranceGivesTheSameAnswerWhenItStopsEarly() {
        // Legacy bytes throughout: not UTF-8, decided before the end.
        let shiftJIS = LegacyTexts.encode(String(repeating: LegacyTexts.japanese, count: 40), as: "SHIFT_JIS")
        XCTAssertFalse(shiftJIS.withUnsafeBufferPointer { UTF8Validation.isMostlyUTF8($0) })
        // Many corrupt bytes early, then enough UTF-8 to stay within one in
        // twenty: still UTF-8, so the early stop must not fire on the way.
        let corrupt = [UInt8](repeating: 0xFF, count: 600)
        let russian = Array(String(repeating: LegacyTexts.russian, count: 10).utf8)
        XCTAssertTrue((corrupt + russian).withUnsafeBufferPointer { UTF8Validation.isMostlyUTF8($0) })
    }

    func testSamplePiecesAreCutAtLineEnds() {
        let piece = Array("tail of a line\nwhole line\nhead of a".utf8)
        let lines = DetectionSample.linesWithin(piece, isFirst: false)
        XCTAssertEqual(String(decoding: piece[lines], as: UTF8.self), "whole line\n")
        XCTAssertEqual(DetectionSample.linesWithin(piece, isFirst: true).lowerBound, 0)
        XCTAssertEqual(DetectionSample.linesWithin(Array("no line end".utf8), isFirst: false), 0..<11)
    }
}
