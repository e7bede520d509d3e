/// The encoding a book file was read in: its name as people know it and
/// how its bytes become characters.
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The charset's preferred MIME name where IANA marks one (`EUC-JP`,
    /// `ISO-8859-5`), else its IANA name (`windows-1251`, `KOI8-U`), else
    /// the name it was asked for.
    public let name: String
    public let decoding: Decoding

    public enum Decoding: Hashable, Sendable {
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

    public init(name: String, decoding: Decoding) {
        self.name = name
        self.decoding = decoding
    }

    public var description: String { name }

    /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32, else 1.
    public var codeUnitSize: Int {
        if case .utf16 = decoding { return 2 }
        let upper = name.uppercased()
        return upper.hasPrefix("UTF-16") ? 2 : upper.hasPrefix("UTF-32") ? 4 : 1
    }
}
