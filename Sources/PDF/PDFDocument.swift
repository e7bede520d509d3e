import BookModel
import CMuPDF
import Glibc

/// A PDF opened through MuPDF. Usable from any thread: reading holds the
/// document's lock, drawing renders a page's kept display list with a
/// MuPDF context of its own.
public final class PDFDocument: @unchecked Sendable {
    /// What is read of a page.
    public struct Page: Sendable, Equatable {
        /// In points.
        public var width: Double
        public var height: Double
        /// Its text, lines and blocks joined by spaces ("" for none or when not asked).
        public var text: String
        public var links: [FixedPageLink]
    }

    /// An entry of the document's outline.
    public struct OutlineEntry: Sendable, Equatable {
        public var title: String
        /// 1 for the top level.
        public var level: Int
        /// 0-based; nil when it goes nowhere in the document.
        public var page: Int?
    }

    public let path: String
    public let pageCount: Int
    private let handle: OpaquePointer

    /// Decoded images and fonts kept between drawings: enough for a page's
    /// photographs, little beside the reader's own page buffers.
    static let storeBytes = 32 << 20
    static let messageSize = 256

    public init(path: String) throws(PDFError) {
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: Self.messageSize)
        guard let handle = CMuPDF_open(path, Self.storeBytes, &status, &message, message.count) else {
            if Int(status) == CMuPDF_needsPassword { throw .needsPassword(path: path) }
            throw .unreadable(path: path, reason: Self.line(message))
        }
        self.handle = handle
        self.path = path
        pageCount = Int(CMuPDF_pageCount(handle))
    }

    deinit { CMuPDF_close(handle) }

    /// An entry of the information dictionary ("Title", "Author"), nil when absent or empty.
    public func info(_ key: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard CMuPDF_metadata(handle, "info:" + key, &buffer, buffer.count) != 0 else { return nil }
        let value = Self.line(buffer).trimmed
        return value.isEmpty ? nil : value
    }

    /// The XMP metadata packet's bytes, when the document has one.
    public func xmp() -> [UInt8]? {
        var length = 0
        guard let bytes = CMuPDF_xmp(handle, &length) else { return nil }
        defer { CMuPDF_free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    public func outline() -> [OutlineEntry] {
        let entries = Collected<OutlineEntry>()
        withExtendedLifetime(entries) {
            _ = CMuPDF_outline(handle, { context, title, level, page in
                guard let context else { return }
                let entries = Unmanaged<Collected<OutlineEntry>>.fromOpaque(context).takeUnretainedValue()
                let name = title.map { String(cString: $0) } ?? ""
                entries.items.append(OutlineEntry(title: PDFDocument.line(name).trimmed, level: Int(level),
                                                  page: page >= 0 ? Int(page) : nil))
            }, Unmanaged.passUnretained(entries).toOpaque())
        }
        return entries.items
    }

    /// The ranges of the page-label tree, in the order the document gives them.
    public func pageLabelRanges() -> [PageLabels.Range] {
        let ranges = Collected<PageLabels.Range>()
        withExtendedLifetime(ranges) {
            _ = CMuPDF_pageLabels(handle, { context, first, style, prefix, start in
                guard let context else { return }
                let ranges = Unmanaged<Collected<PageLabels.Range>>.fromOpaque(context).takeUnretainedValue()
                let scalar = UInt8(truncatingIfNeeded: style)
                ranges.items.append(PageLabels.Range(firstPage: Int(first), style: PageLabels.Style(rawValue: Character(Unicode.Scalar(scalar))),
                                                     prefix: prefix.map { String(cString: $0) } ?? "", start: Int(start)))
            }, Unmanaged.passUnretained(ranges).toOpaque())
        }
        return ranges.items
    }

    /// Page `index` (0-based): its size, and its text and links when `withText`.
    public func page(_ index: Int, withText: Bool) throws(PDFError) -> Page {
        var read = CMuPDF_page()
        var message = [CChar](repeating: 0, count: Self.messageSize)
        guard CMuPDF_readPage(handle, Int32(index), withText ? 1 : 0, &read, &message, message.count) == CMuPDF_ok else {
            throw .unreadable(path: path, reason: "page \(index + 1): \(Self.line(message))")
        }
        defer { CMuPDF_freePage(&read) }
        let text = read.text.map { Self.spaced(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? ""
        let links = (0..<Int(read.linkCount)).compactMap { number -> FixedPageLink? in
            guard let link = read.links?[number] else { return nil }
            return FixedPageLink(x: Double(link.x), y: Double(link.y), width: Double(link.width), height: Double(link.height),
                                 target: PDFPages.pageName(Int(link.page)))
        }
        return Page(width: Double(read.width), height: Double(read.height), text: text, links: links)
    }

    /// Draws part of page `index` (see `PageDrawing.draw`); nil when MuPDF cannot.
    public func draw(page index: Int, x: Int, y: Int, width: Int, height: Int, scale: Double) -> [UInt32]? {
        guard width > 0, height > 0, scale > 0, scale.isFinite else { return nil }
        var failed = false
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            var message = [CChar](repeating: 0, count: Self.messageSize)
            failed = CMuPDF_draw(handle, Int32(index), Float(scale), Int32(x), Int32(y), Int32(width), Int32(height),
                                 buffer.baseAddress, &message, message.count) != CMuPDF_ok
            // Every word is written once the pixmap is cleared; a failure before that leaves them to be set.
            if failed { buffer.initialize(repeating: 0) }
            count = width * height
        }
        return failed ? nil : pixels
    }

    /// Page `index` drawn to fit `width` x `height` pixels as PNG bytes.
    public func png(page index: Int, width: Int, height: Int) -> [UInt8]? {
        var length = 0
        guard let bytes = CMuPDF_pagePNG(handle, Int32(index), Int32(width), Int32(height), &length) else { return nil }
        defer { CMuPDF_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// A C string as one line.
    static func line(_ characters: [CChar]) -> String {
        line(String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func line(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// UTF-8 bytes with control characters made spaces (a block's text is one line).
    static func spaced(_ bytes: UnsafeBufferPointer<CChar>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { target in
            for (index, byte) in bytes.enumerated() {
                let value = UInt8(bitPattern: byte)
                target[index] = value < 0x20 || value == 0x7F ? 0x20 : value
            }
            return bytes.count
        }
    }
}

/// Items a C callback collects.
private final class Collected<Item> {
    var items: [Item] = []
}

extension String {
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
