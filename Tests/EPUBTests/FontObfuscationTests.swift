import BookModel
@testable import EPUB
import Typesetting
import XCTest

final class FontObfuscationTests: XCTestCase {
    func testIDPFKeyIsTheSHA1OfTheIdentifierWithoutWhitespace() {
        // SHA-1("abc") is the FIPS 180 test vector.
        XCTAssertEqual(FontObfuscation.sha1(Array("abc".utf8))?.map { String(format2: $0) }.joined(),
                       "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(FontObfuscation.key(for: .idpf, identifier: " a b\tc\n"), FontObfuscation.sha1(Array("abc".utf8)))
    }

    func testAdobeKeyIsTheUUIDsBytes() {
        let key = FontObfuscation.key(for: .adobe, identifier: "urn:uuid:0123abcd-4567-89ef-0123-456789ABCDEF")
        XCTAssertEqual(key, [0x01, 0x23, 0xAB, 0xCD, 0x45, 0x67, 0x89, 0xEF, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF])
        XCTAssertNil(FontObfuscation.key(for: .adobe, identifier: "isbn:12345"))
    }

    func testObfuscationCoversOnlyTheLeadingBytesAndReverses() {
        let original = (0..<3000).map { UInt8($0 % 251) }
        for kind in [EmbeddedFont.Obfuscation.idpf, .adobe] {
            var bytes = original
            let key = FontObfuscation.key(for: kind, identifier: "urn:uuid:0123abcd-4567-89ef-0123-456789abcdef") ?? []
            FontObfuscation.reverse(&bytes, kind: kind, key: key)
            let length = FontObfuscation.obfuscatedLength(kind)
            XCTAssertNotEqual(Array(bytes[..<length]), Array(original[..<length]))
            XCTAssertEqual(Array(bytes[length...]), Array(original[length...]), "bytes past \(length) are untouched")
            FontObfuscation.reverse(&bytes, kind: kind, key: key)
            XCTAssertEqual(bytes, original)
        }
    }

    /// The sample book's IDPF-obfuscated OpenType fonts load only recovered.
    func testTheWastelandFontsAreRecovered() throws {
        let path = SharedCorpus.samples + "/wasteland-otf-obf.epub"
        try XCTSkipUnless(SharedCorpus.exists(path), "the shared EPUB samples are absent")
        let opened = try EPUBBook.open(path: path)
        let fonts = try XCTUnwrap(opened.book.document?.fonts)
        XCTAssertEqual(fonts.count, 3)
        for font in fonts {
            XCTAssertEqual(font.obfuscation, .idpf)
            XCTAssertTrue(EmbeddedFontCheck.loads(font, from: opened.publication.resources), "\(font.resource) loads")
            let container = try EPUBContainer(path: path)
            let raw = try container.archive.read(font.resource, limit: 1 << 24)
            XCTAssertFalse(EmbeddedFontCheck.loads(raw), "\(font.resource) does not load as stored")
        }
    }
}

extension String {
    /// Two lower-case hex digits.
    init(format2 byte: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
