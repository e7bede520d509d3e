import CZip
import Glibc

/// Writes zip archives and small EPUBs for tests and fuzzing, through libzip.
public enum EPUBArchiveWriter {
    public enum Method { case stored, deflated, bzip2 }

    public struct Entry {
        public var name: String
        public var bytes: [UInt8]
        public var method: Method

        public init(_ name: String, _ bytes: [UInt8], method: Method = .deflated) {
            self.name = name
            self.bytes = bytes
            self.method = method
        }

        public init(_ name: String, _ text: String, method: Method = .deflated) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `entries` in order as the zip archive at `path`.
    public static func write(_ entries: [Entry], to path: String) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw WriteError(description: "\(path): libzip cannot create it (error \(code))")
        }
        for entry in entries {
            // libzip reads the bytes when the archive is closed and frees them itself.
            var copy: UnsafeMutableRawPointer?
            if !entry.bytes.isEmpty {
                copy = malloc(entry.bytes.count)
                guard let copy else { zip_discard(archive); throw WriteError(description: "out of memory") }
                entry.bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(copy, base, entry.bytes.count) } }
            }
            guard let source = zip_source_buffer(archive, copy, UInt64(entry.bytes.count), copy == nil ? 0 : 1) else {
                free(copy)
                zip_discard(archive)
                throw WriteError(description: "\(entry.name): libzip cannot take it")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                zip_discard(archive)
                throw WriteError(description: "\(entry.name): libzip cannot add it")
            }
            let method: Int32
            switch entry.method {
            case .stored: method = ZIP_CM_STORE
            case .deflated: method = ZIP_CM_DEFLATE
            case .bzip2: method = ZIP_CM_BZIP2
            }
            zip_set_file_compression(archive, UInt64(index), method, 0)
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw WriteError(description: "\(path): \(message)")
        }
    }

    public static let container = """
    <?xml version="1.0"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
    </container>
    """

    /// A package document listing `items` (id, href, media type) and `spine` (idrefs).
    public static func package(items: [(String, String, String)], spine: [String], title: String = "Test book",
                               identifier: String = "urn:test:book", language: String = "en", extraMetadata: String = "") -> String {
        let manifest = items.map { "<item id=\"\($0.0)\" href=\"\($0.1)\" media-type=\"\($0.2)\"/>" }.joined()
        let itemrefs = spine.map { "<itemref idref=\"\($0)\"/>" }.joined()
        return """
        <?xml version="1.0" encoding="utf-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">\(identifier)</dc:identifier>
        <dc:title>\(title)</dc:title><dc:language>\(language)</dc:language>\(extraMetadata)</metadata>
        <manifest>\(manifest)</manifest><spine>\(itemrefs)</spine></package>
        """
    }

    /// An XHTML document with `body`, and `head` inside its head.
    public static func xhtml(_ body: String, head: String = "", prolog: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>\(prolog)<html xmlns="http://www.w3.org/1999/xhtml" \
        xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title>\(head)</head><body>\(body)</body></html>
        """
    }

    /// An EPUB of `documents` (names under OEBPS/ and their XHTML) in
    /// spine order, with `files` besides (paths from the root).
    public static func book(_ documents: [(String, String)], files: [Entry] = [], extraItems: [(String, String, String)] = [],
                            to path: String) throws {
        var items = documents.enumerated().map { ("d\($0.offset)", $0.element.0, "application/xhtml+xml") }
        items += extraItems
        var entries = [Entry("mimetype", "application/epub+zip", method: .stored),
                       Entry("META-INF/container.xml", container),
                       Entry("OEBPS/content.opf", package(items: items, spine: documents.indices.map { "d\($0)" }))]
        entries += documents.map { Entry("OEBPS/\($0.0)", $0.1) }
        entries += files
        try write(entries, to: path)
    }
}
