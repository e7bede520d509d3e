import CXML2Loader

/// A catalog page from its bytes: Atom or JSON by what it starts with
/// (servers label them loosely); anything else is refused in one line.
/// libxml2 reads Atom and makes either's links absolute.
public enum FeedReader {
    /// Parses `bytes`, fetched from `address` (links are made absolute against it).
    public static func read(_ bytes: [UInt8], address: String) throws(CatalogError) -> CatalogFeed {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw CatalogError(place: address, problem: "not an OPDS feed: empty") }
        guard ebookfb_xml_load() == 1 else { throw CatalogError.xmlLibraryMissing(place: address) }
        switch bytes[start] {
        case UInt8(ascii: "<"): return try AtomFeedReader.read(bytes, address: address)
        case UInt8(ascii: "{"): return try JSONFeedReader.read(Array(bytes[start...]), address: address)
        default:
            let head = bytes[start...].prefix(8).map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }.joined(separator: " ")
            throw CatalogError(place: address, problem: "not an OPDS feed (neither Atom XML nor JSON): starts with bytes \(head)")
        }
    }
}
