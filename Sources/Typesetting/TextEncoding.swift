/// The encodings a book file may arrive in.
public enum TextEncoding: String, Sendable, Codable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case windows1252 = "windows-1252"
    case iso8859_1 = "ISO-8859-1"
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
