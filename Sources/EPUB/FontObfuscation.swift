import BookModel
import CNettleLoader
import Typesetting

/// Font obfuscation (EPUB 3.3 OCF §4.4 and Adobe's older scheme): the
/// first bytes of an embedded font XORed with a key made from the book's
/// identifier, so the font cannot be lifted from the book as it is.
/// Applying the same XOR again recovers the font.
enum FontObfuscation {
    static let idpfAlgorithm = "http://www.idpf.org/2008/embedding"
    static let adobeAlgorithm = "http://ns.adobe.com/pdf/enc#RC"

    /// How many leading bytes each scheme obfuscates.
    static func obfuscatedLength(_ kind: EmbeddedFont.Obfuscation) -> Int { kind == .idpf ? 1040 : 1024 }

    /// The key for `identifier`: for IDPF the SHA-1 of the identifier with
    /// its whitespace removed; for Adobe the 16 bytes of the UUID it
    /// holds (nil when it holds none).
    static func key(for kind: EmbeddedFont.Obfuscation, identifier: String) -> [UInt8]? {
        switch kind {
        case .idpf:
            let stripped = Array(identifier.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A })
            return sha1(stripped)
        case .adobe:
            var hex = identifier.trimmingWhitespace.lowercased()
            if hex.hasPrefix("urn:uuid:") { hex.removeFirst("urn:uuid:".count) }
            let digits = hex.utf8.filter { $0 != UInt8(ascii: "-") }
            guard digits.count == 32 else { return nil }
            var key: [UInt8] = []
            var iterator = digits.makeIterator()
            while let high = iterator.next(), let low = iterator.next() {
                guard let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
                key.append(value)
            }
            return key
        }
    }

    /// XORs the obfuscated bytes of `font` with `key`, in place.
    static func reverse(_ font: inout [UInt8], kind: EmbeddedFont.Obfuscation, key: [UInt8]) {
        guard !key.isEmpty else { return }
        for index in 0..<min(font.count, obfuscatedLength(kind)) {
            font[index] ^= key[index % key.count]
        }
    }

    /// The digest; nil when nettle, loaded with the first EPUB, is not installed.
    static func sha1(_ bytes: [UInt8]) -> [UInt8]? {
        guard ebookfb_nettle_load() == 1 else { return nil }
        var context = sha1_ctx()
        ebookfb_nettle_sha1_init(&context)
        bytes.withUnsafeBufferPointer { ebookfb_nettle_sha1_update(&context, $0.count, $0.baseAddress) }
        var digest = [UInt8](repeating: 0, count: Int(SHA1_DIGEST_SIZE))
        digest.withUnsafeMutableBufferPointer { ebookfb_nettle_sha1_digest(&context, $0.count, $0.baseAddress) }
        return digest
    }
}

/// `META-INF/encryption.xml`: which files are obfuscated fonts, and
/// whether anything else is encrypted (DRM).
struct EncryptionDocument {
    static let path = "META-INF/encryption.xml"

    /// Obfuscated fonts by container path.
    var obfuscated: [String: EmbeddedFont.Obfuscation] = [:]
    /// Files encrypted with anything else, and the algorithm.
    var encrypted: [(path: String, algorithm: String)] = []

    init() {}

    init(parsing bytes: [UInt8]) {
        guard let parsed = MarkupParser.parseXML(bytes, name: Self.path), let root = parsed.tree.root else {
            // An encryption.xml that cannot be read hides what is encrypted: take everything as protected.
            encrypted.append(("the book", "an unreadable encryption.xml"))
            return
        }
        for data in root.descendants(named: "encrypteddata") {
            let algorithm = data.descendants(named: "encryptionmethod").first?.attribute("algorithm") ?? ""
            for reference in data.descendants(named: "cipherreference") {
                guard let uri = reference.attribute("uri"), let path = ContainerReference.resolve(uri, from: "").path else {
                    continue
                }
                switch algorithm {
                case FontObfuscation.idpfAlgorithm: obfuscated[path] = .idpf
                case FontObfuscation.adobeAlgorithm: obfuscated[path] = .adobe
                default: encrypted.append((path, algorithm.isEmpty ? "no algorithm named" : algorithm))
                }
            }
        }
    }
}
