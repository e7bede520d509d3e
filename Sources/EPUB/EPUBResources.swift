import BookModel
import CNettleLoader
import ImageDecoding
import Threading
import Typesetting

/// The files of an EPUB by resource name, for the typesetter (images,
/// fonts). Only files of the container are ever read: a name is a
/// container path, never a file system path. Obfuscated fonts are
/// returned recovered. Images a document gives inline as `data:` URLs are
/// kept decoded under names of their own (`data:1`, `data:2`...).
public final class EPUBResources: DocumentResources, @unchecked Sendable {
    private let archive: ZipArchive
    private let obfuscated: [String: EmbeddedFont.Obfuscation]
    private let keys: [EmbeddedFont.Obfuscation: [UInt8]]
    private let lock = Condition()
    private var inline: [String: [UInt8]] = [:]
    /// The names given to `data:` URLs, by a hash of the URL: a document
    /// read twice (alone first, then with the whole book) names its images alike.
    private var inlineNames: [UInt64: String] = [:]

    /// A `data:` image larger than this is not shown.
    static let maximumInlineImage = 8 << 20

    init(archive: ZipArchive, obfuscated: [String: EmbeddedFont.Obfuscation], identifier: String?) {
        self.archive = archive
        self.obfuscated = obfuscated
        var keys: [EmbeddedFont.Obfuscation: [UInt8]] = [:]
        if let identifier {
            for kind in [EmbeddedFont.Obfuscation.idpf, .adobe] {
                keys[kind] = FontObfuscation.key(for: kind, identifier: identifier)
            }
        }
        self.keys = keys
    }

    public func data(of resource: String, limit: Int) throws -> [UInt8] {
        if resource.hasPrefix("data:") {
            guard let bytes = lock.withLock({ inline[resource] }) else { throw ResourceError.missing(resource) }
            guard bytes.count <= limit else { throw ResourceError.tooLarge(resource, limit: limit) }
            return bytes
        }
        var bytes = try archive.read(resource, limit: limit)
        if ImageFormat(sniffing: bytes) == .svg {
            return SVGReferences.inlined(bytes, path: resource) { path in
                try? archive.read(path, limit: SVGReferences.maximumImage)
            }
        }
        if let kind = obfuscated[resource] {
            guard let key = keys[kind] else { throw ResourceError.damaged(resource, reason: "obfuscated without a usable key") }
            FontObfuscation.reverse(&bytes, kind: kind, key: key)
        }
        return bytes
    }

    /// How a font of the book is obfuscated, if it is.
    public func obfuscation(of resource: String) -> EmbeddedFont.Obfuscation? { obfuscated[resource] }

    /// Whether the container holds `path`.
    func contains(_ path: String) -> Bool { archive.contains(path) }

    /// Keeps the image of a `data:` URL and gives its resource name; nil
    /// when the URL is not a base64 or percent-encoded image.
    func register(dataURL: String) -> String? {
        guard dataURL.lowercased().hasPrefix("data:"), let comma = dataURL.firstIndex(of: ",") else { return nil }
        let header = dataURL[dataURL.index(dataURL.startIndex, offsetBy: 5)..<comma].lowercased()
        guard header.hasPrefix("image/") else { return nil }
        let payload = dataURL[dataURL.index(after: comma)...]
        let bytes: [UInt8]?
        if header.hasSuffix(";base64") {
            bytes = Self.base64Decoded(payload.filter { !$0.isWhitespace })
        } else {
            bytes = Array(ContainerReference.percentDecoded(payload).utf8)
        }
        guard let bytes, !bytes.isEmpty, bytes.count <= Self.maximumInlineImage else { return nil }
        let key = Array(dataURL.utf8).withUnsafeBytes(ByteHash.hash64)
        return lock.withLock {
            if let known = inlineNames[key], inline[known] == bytes { return known }
            let name = "data:\(inline.count + 1)"
            inline[name] = bytes
            inlineNames[key] = name
            return name
        }
    }

    /// Keeps an SVG document made from the inline `<svg>` of the content
    /// document at `documentPath`, the book's images it refers to put in
    /// it, and gives its resource name.
    func register(svgDocument written: [UInt8], from documentPath: String) -> String {
        let bytes = SVGReferences.inlined(written, path: documentPath) { [archive] path in
            try? archive.read(path, limit: SVGReferences.maximumImage)
        }
        let key = bytes.withUnsafeBytes(ByteHash.hash64)
        return lock.withLock {
            if let known = inlineNames[key], inline[known] == bytes { return known }
            let name = "data:\(inline.count + 1).svg"
            inline[name] = bytes
            inlineNames[key] = name
            return name
        }
    }

    private static func base64Decoded(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count <= maximumInlineImage * 4 / 3 + 4, ebookfb_nettle_load() == 1 else { return nil }
        var context = base64_decode_ctx()
        ebookfb_nettle_base64_decode_init(&context)
        var output = [UInt8](repeating: 0, count: input.count * 3 / 4 + 3)
        var length = output.count
        let decoded = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                ebookfb_nettle_base64_decode_update(&context, &length, target.baseAddress, source.count, source.baseAddress) == 1
            }
        }
        guard decoded, ebookfb_nettle_base64_decode_final(&context) == 1 else { return nil }
        output.removeSubrange(length...)
        return output
    }
}
