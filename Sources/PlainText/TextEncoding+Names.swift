import BookModel
import CICU
import Glibc

extension TextEncoding {
    /// The encoding called `name`: any name or alias ICU's converters know,
    /// or failing that glibc's iconv. An unknown name is refused.
    public static func named(_ name: String) throws(BookError) -> TextEncoding {
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
