import BookModel
import Foundation
@testable import PlainText
import XCTest

final class DecoderTests: XCTestCase {
    private func decode(_ bytes: [UInt8]) throws -> (String, TextEncoding) {
        let text = try BookDecoder.decode(Data(bytes), path: "test.txt")
        return (String(decoding: text.utf8, as: UTF8.self), text.encoding)
    }

    func testUTF8WithAndWithoutBOM() throws {
        let plain = Array("Grüße, мир".utf8)
        XCTAssertEqual(try decode(plain).0, "Grüße, мир")
        XCTAssertEqual(try decode([0xEF, 0xBB, 0xBF] + plain).0, "Grüße, мир")
        XCTAssertEqual(try decode(plain).1, .utf8)
    }

    func testUTF16LittleAndBigEndianWithBOM() throws {
        let text = "Ünïcode 𝄞 text"
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        XCTAssertEqual(try decode(little).0, text)
        XCTAssertEqual(try decode(little).1, .utf16LittleEndian)
        XCTAssertEqual(try decode(big).0, text)
        XCTAssertEqual(try decode(big).1, .utf16BigEndian)
    }

    func testWindows1252WhenC1BytesAppear() throws {
        // 0x93/0x94 are curly quotes in Windows-1252; 0xE9 is é.
        let (text, encoding) = try decode(Array("He said ".utf8) + [0x93, 0x63, 0x61, 0x66, 0xE9, 0x94])
        XCTAssertEqual(encoding, .windows1252)
        XCTAssertEqual(text, "He said “café”")
    }

    func testISO8859_1WithoutC1Bytes() throws {
        let (text, encoding) = try decode(Array("Le comte de Monte-Cristo, ".utf8) + [0xE0, 0x20, 0x4D, 0x61, 0x72, 0x73, 0x65, 0x69, 0x6C, 0x6C, 0x65])
        XCTAssertEqual(encoding, .iso8859_1)
        XCTAssertEqual(text, "Le comte de Monte-Cristo, à Marseille")
    }

    func testLineEndingsAreNormalised() throws {
        XCTAssertEqual(try decode(Array("a\r\nb\rc\nd".utf8)).0, "a\nb\nc\nd")
    }

    func testControlCharactersNeverReachTheShaper() throws {
        let sentence = String(repeating: "A sentence of ordinary prose. ", count: 10)
        let (text, _) = try decode(Array((sentence + "ab").utf8) + [0x01, 0x07, 0x1B] + Array("cd\u{7F}e\u{85}f\u{0}".utf8.dropLast()))
        XCTAssertEqual(text, sentence + "abcdef")
    }

    func testInvalidBytesInMostlyUTF8BecomeReplacementCharacters() throws {
        var bytes = Array(String(repeating: "Ωμέγα ", count: 20).utf8)
        bytes.insert(0xFF, at: 10)
        let (text, encoding) = try decode(bytes)
        XCTAssertEqual(encoding, .utf8)
        XCTAssertEqual(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count, 1)
    }

    func testScalarCountMatchesText() throws {
        let text = try BookDecoder.decode(Data("a\r\nб𝄞".utf8), path: "x")
        XCTAssertEqual(text.scalarCount, String(decoding: text.utf8, as: UTF8.self).unicodeScalars.count)
        XCTAssertEqual(text.scalarCount, 4)
    }

    func testBinaryFilesAreRefusedWithTheirKind() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)
        XCTAssertThrowsError(try decode(png)) { error in
            XCTAssertEqual(error as? BookError, .binary(path: "test.txt", kind: "a PNG image"))
            XCTAssertTrue("\(error)".contains("test.txt"))
        }
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0, count: 64)
        XCTAssertThrowsError(try decode(elf))
        let noisy = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 % 31) }
        XCTAssertThrowsError(try decode(noisy), "control-byte soup is not a book")
    }

    func testEmptyAndBlankBooksAreRefused() {
        XCTAssertThrowsError(try decode([])) { XCTAssertEqual($0 as? BookError, .emptyBook(path: "test.txt")) }
        XCTAssertThrowsError(try decode(Array(" \n\n\t \r\n".utf8)))
    }

    func testFileErrorsNameThePath() throws {
        let directory = FileManager.default.temporaryDirectory.path
        XCTAssertThrowsError(try BookDecoder.decode(contentsOf: directory)) {
            XCTAssertEqual($0 as? BookError, .notAFile(path: directory, kind: "a directory"))
        }
        XCTAssertThrowsError(try BookDecoder.decode(contentsOf: "/nonexistent/book.txt")) {
            XCTAssertTrue("\($0)".contains("/nonexistent/book.txt"))
        }
    }

    /// A FIFO would hang a blocking open and /dev/zero never ends: both are
    /// refused at once, by kind, as the book and as its text.
    func testOnlyRegularFilesAreBooks() throws {
        let fifo = FileManager.default.temporaryDirectory.path + "/book-fifo-\(getpid()).txt"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertThrowsError(try BookDecoder.decode(contentsOf: fifo)) {
            XCTAssertEqual($0 as? BookError, .notAFile(path: fifo, kind: "a FIFO"))
            XCTAssertEqual("\($0)", "\(fifo): not a regular file (a FIFO), not a book")
        }
        XCTAssertThrowsError(try BookDecoder.decode(contentsOf: "/dev/zero")) {
            XCTAssertEqual($0 as? BookError, .notAFile(path: "/dev/zero", kind: "a character device"))
        }
    }

    /// Clean runs are copied whole; the result must equal normalising
    /// every scalar one at a time, whatever is mixed into the text.
    func testCopiedRunsEqualScalarByScalarNormalising() throws {
        let pieces: [[UInt8]] = [
            Array("plain words ".utf8), Array("Grüße мир 第一回 𝄞".utf8), [0x0D], [0x0D, 0x0A], [0x0A], [0x0A, 0x0A],
            [0x09], [0x01], [0x7F], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0x0C], [0xFF], [0xE2, 0x80],
        ]
        var generator = SplitMix64(seed: 7)
        var compared = 0
        for _ in 0..<400 {
            // Enough plain text first that stray control bytes never make it look
            // binary, and valid sequences that a few invalid bytes keep it UTF-8.
            var bytes = Array(String(repeating: "plain text, grüße ", count: 120).utf8)
            for _ in 0..<Int(generator.next() % 40) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var reference = TextNormaliser(capacity: bytes.count)
            bytes.withUnsafeBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    if buffer[index] < 0x80 {
                        reference.append(UInt32(buffer[index])); index += 1
                    } else if let (scalar, length) = UTF8Validation.decodeSequence(buffer, at: index) {
                        reference.append(scalar); index += length
                    } else {
                        reference.append(0xFFFD); index += 1
                    }
                }
            }
            let decoded = try BookDecoder.decode(Data(bytes), path: "mixed")
            // Many invalid bytes make the text Windows-1252, another path.
            guard decoded.encoding == .utf8 else { continue }
            compared += 1
            XCTAssertEqual(decoded.utf8, reference.finish(), "bytes \(bytes)")
            XCTAssertEqual(decoded.scalarCount, reference.scalarCount)
        }
        XCTAssertGreaterThan(compared, 300)
    }

    /// Text is normalised in its own buffer while the output stays behind
    /// the input; an invalid byte (one byte in, three out) with no room
    /// before it hands the rest to the copying normaliser, with the same text.
    func testInPlaceNormalisingStopsOnlyWhenAReplacementHasNoRoom() throws {
        func inPlace(_ bytes: [UInt8]) -> UTF8Normalisation.Outcome {
            var copy = bytes
            return copy.withUnsafeMutableBufferPointer { UTF8Normalisation.normaliseInPlace($0, from: 0, to: bytes.count) }
        }
        let roomy = Array("one\r\ntwo\r\n".utf8) + [0xFF] + Array(" three".utf8)  // two CRs dropped: room for U+FFFD
        let cramped = Array("one".utf8) + [0xFF] + Array("\r\ntwo\r\n three".utf8)
        XCTAssertNil(inPlace(roomy).stoppedAt)
        XCTAssertEqual(inPlace(cramped).stoppedAt, 3)
        let padding = Array(String(repeating: "plain text, grüße ", count: 40).utf8) // plainly UTF-8
        XCTAssertEqual(try BookDecoder.decode(Data(padding + roomy), path: "roomy").utf8,
                       padding + Array("one\ntwo\n\u{FFFD} three".utf8))
        XCTAssertEqual(try BookDecoder.decode(Data(padding + cramped), path: "cramped").utf8,
                       padding + Array("one\u{FFFD}\ntwo\n three".utf8))
        // A CR at the very end of what was done in place still drops the LF after it.
        let split = Array("a\r".utf8) + [0xFF] + Array("\nb".utf8)
        XCTAssertEqual(try BookDecoder.decode(Data(padding + split), path: "split").utf8,
                       padding + Array("a\n\u{FFFD}\nb".utf8))
    }

    func testRandomBytesNeverCrash() {
        var generator = SplitMix64(seed: 42)
        for round in 0..<300 {
            let count = Int(generator.next() % 2048)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if round % 3 == 0 { bytes = [0xFF, 0xFE] + bytes }
            if round % 3 == 1 { bytes = bytes.map { $0 | 0x20 } }
            if let text = try? BookDecoder.decode(Data(bytes), path: "random") {
                let string = String(decoding: text.utf8, as: UTF8.self)
                XCTAssertEqual(Array(string.utf8), text.utf8, "output is valid UTF-8")
                XCTAssertFalse(string.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
                XCTAssertEqual(string.unicodeScalars.count, text.scalarCount)
            }
        }
    }
}

/// A small deterministic generator so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
