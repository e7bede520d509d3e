/// An SVG document of the book made to stand alone before it is drawn:
/// each `href` to an image of the container becomes a `data:` URL of the
/// image's bytes, and every other reference out of the document is
/// dropped, so the SVG renderer never reads a file or the network.
enum SVGReferences {
    /// Images larger than this are not put into a document.
    static let maximumImage = 16 << 20

    /// `bytes` (the SVG document at container path `path`) with its
    /// references replaced; `read` gives an image of the container.
    static func inlined(_ bytes: [UInt8], path: String, read: (String) -> [UInt8]?) -> [UInt8] {
        let name = Array("href".utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: name) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var cursor = index + name.count
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'"),
                  let close = bytes[(cursor + 1)...].firstIndex(of: bytes[cursor]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output += bytes[index...cursor]
            let value = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
            output += Array(replacement(for: value, from: path, read: read).utf8)
            output.append(bytes[close])
            index = close + 1
        }
        return output
    }

    /// What a reference becomes: kept inside the document or as a `data:`
    /// URL, an image of the book inlined, anything else emptied.
    private static func replacement(for reference: String, from path: String, read: (String) -> [UInt8]?) -> String {
        let trimmed = reference.trimmingWhitespace
        if trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:") { return reference }
        guard case let .inside(target, _) = ContainerReference.resolve(trimmed, from: path),
              let image = read(target), image.count <= maximumImage,
              let type = mediaType(of: image) else { return "" }
        return "data:\(type);base64,\(Base64.encoded(image))"
    }

    /// The media type of a raster image by its first bytes; SVG documents
    /// are not nested (a document referring to itself would never end).
    private static func mediaType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count > 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }
}

/// Base64 as `data:` URLs write it.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var word = UInt32(bytes[index]) << 16
            if count > 1 { word |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { word |= UInt32(bytes[index + 2]) }
            output.append(alphabet[Int(word >> 18 & 63)])
            output.append(alphabet[Int(word >> 12 & 63)])
            output.append(count > 1 ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
            output.append(count > 2 ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
