import CICU
import Glibc

/// The encoding a book file was read in: its name as people know it and
/// how its bytes become characters.
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The charset's preferred MIME name where IANA marks one (`EUC-JP`,
    /// `ISO-8859-5`), else its IANA name (`windows-1251`, `KOI8-U`), else
    /// the name it was asked for.
    public let name: String
    let decoding: Decoding

    enum Decoding: Hashable, Sendable {
        case utf8
        case utf16(bigEndian: Bool)
        case windows1252
        case latin1
        /// An ICU converter of this name.
        case converter(String)
        /// A glibc iconv converter of this name, for the few charsets ICU's
        /// data leaves out (ISO-8859-16).
        case iconv(String)
    }

    public static let utf8 = TextEncoding(name: "UTF-8", decoding: .utf8)
    public static let utf16LittleEndian = TextEncoding(name: "UTF-16LE", decoding: .utf16(bigEndian: false))
    public static let utf16BigEndian = TextEncoding(name: "UTF-16BE", decoding: .utf16(bigEndian: true))
    public static let windows1252 = TextEncoding(name: "windows-1252", decoding: .windows1252)
    public static let iso8859_1 = TextEncoding(name: "ISO-8859-1", decoding: .latin1)

    public var description: String { name }

    /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32, else 1.
    var codeUnitSize: Int {
        if case .utf16 = decoding { return 2 }
        let upper = name.uppercased()
        return upper.hasPrefix("UTF-16") ? 2 : upper.hasPrefix("UTF-32") ? 4 : 1
    }

    /// The encoding called `name`: any name or alias ICU's converters know,
    /// or failing that glibc's iconv. An unknown name is refused.
    public static func named(_ name: String) throws(TypesettingError) -> TextEncoding {
        let given = String(name.filter { $0 != " " && $0 != "\t" })
        guard !given.isEmpty, given.utf8.count < 64 else { throw .unknownEncoding(name: name) }
        let standard = standardName(of: given)
        switch standard {
        case "UTF-8": return .utf8
        case "UTF-16LE": return .utf16LittleEndian
        case "UTF-16BE": return .utf16BigEndian
        case "windows-1252": return .windows1252
        case "ISO-8859-1": return .iso8859_1
        default: break
        }
        if let decoder = CICU_decoderOpen(given) {
            CICU_decoderClose(decoder)
            return TextEncoding(name: standard ?? given, decoding: .converter(given))
        }
        let handle = iconv_open("UTF-32LE", given)
        if handle != iconv_t(bitPattern: -1) {
            iconv_close(handle)
            return TextEncoding(name: standard ?? given, decoding: .iconv(given))
        }
        throw .unknownEncoding(name: name)
    }

    /// The MIME name of a charset, else its IANA name, as ICU's alias table has them.
    static func standardName(of name: String) -> String? {
        for standard in ["MIME", "IANA"] {
            var buffer = [CChar](repeating: 0, count: 64)
            if CICU_standardName(name, standard, &buffer, Int32(buffer.count)) == 0 {
                let found = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !found.isEmpty { return found }
            }
        }
        return nil
    }
}

/// Windows-1252 bytes 0x80...0x9F; the rest of the code page equals ISO-8859-1.
/// Undefined positions map to U+FFFD.
enum Windows1252 {
    static let highControlRange: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    static func scalar(for byte: UInt8) -> UInt32 {
        (0x80...0x9F).contains(byte) ? highControlRange[Int(byte) - 0x80] : UInt32(byte)
    }
}
