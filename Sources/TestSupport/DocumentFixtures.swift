import BookModel
import CPNG
import Raster
import Threading
import Typesetting

/// A book's resources held in memory, by name: what a test's structured
/// book reads its images and fonts from.
public final class MemoryResources: DocumentResources, @unchecked Sendable {
    private let lock = Condition()
    private var files: [String: [UInt8]]
    /// Reads of whole resources so far, by name.
    public private(set) var reads: [String: Int] = [:]

    public init(_ files: [String: [UInt8]] = [:]) { self.files = files }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public func data(of resource: String, limit: Int) throws -> [UInt8] {
        try lock.withLock {
            guard let bytes = files[resource] else { throw Missing(description: "\(resource): no such file in the book") }
            guard bytes.count <= limit else { throw Missing(description: "\(resource): larger than \(limit) bytes") }
            reads[resource, default: 0] += 1
            return bytes
        }
    }

    public func prefix(of resource: String, count: Int) throws -> [UInt8] {
        try lock.withLock {
            guard let bytes = files[resource] else { throw Missing(description: "\(resource): no such file in the book") }
            return Array(bytes.prefix(count))
        }
    }
}

/// Structured books for tests, built through `DocumentBuilder` as a format would.
public enum DocumentFixtures {
    /// A PNG of `width` x `height`: the left half `left`, the right half `right` (XRGB).
    public static func png(width: Int, height: Int, left: UInt32 = 0x2060A0, right: UInt32 = 0xC04020) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let colour = x < width / 2 ? left : right
                rgb[(y * width + x) * 3] = UInt8(truncatingIfNeeded: colour >> 16)
                rgb[(y * width + x) * 3 + 1] = UInt8(truncatingIfNeeded: colour >> 8)
                rgb[(y * width + x) * 3 + 2] = UInt8(truncatingIfNeeded: colour)
            }
        }
        var size: png_alloc_size_t = 0
        rgb.withUnsafeBufferPointer { pixels in
            _ = png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        var out = [UInt8](repeating: 0, count: Int(size))
        rgb.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { memory in
                _ = png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        png_image_free(&image)
        return Array(out.prefix(Int(size)))
    }

    /// A body paragraph's style: justified, the reader's indent.
    public static var body: BlockStyle { BlockStyle() }

    public static func style(_ change: (inout BlockStyle) -> Void) -> BlockStyle {
        var style = BlockStyle()
        change(&style)
        return style
    }

    /// A chapter of styled text: a heading, paragraphs with italic, bold,
    /// small capitals and a superscript note reference, a quotation, a
    /// list and a centred line; then a second chapter.
    public static func styledChapters(resources: MemoryResources? = nil) -> Book {
        var builder = DocumentBuilder()
        builder.beginSection(name: "ch1.xhtml")
        builder.append(.heading(level: 1), style: style { $0.alignment = .centred; $0.inline.weight = .bold },
                       text: "Chapter One")
        let first = "It was a bright cold day in April, and the clocks were striking thirteen."
        builder.append(.paragraph, style: body, text: first,
                       runs: [StyledRun(range: 9..<15, style: .italic),
                              StyledRun(range: 16..<20, style: InlineStyle(weight: .bold))])
        let second = "Winston Smith slipped quickly through the glass doors of Victory Mansions.1"
        let reference = second.unicodeScalars.count - 1
        builder.append(.paragraph, style: body, text: second,
                       runs: [StyledRun(range: 0..<13, style: InlineStyle(smallCaps: true)),
                              StyledRun(range: reference..<(reference + 1), style: InlineStyle(verticalPosition: .superscript))],
                       links: [DocumentLink(range: reference..<(reference + 1), target: "note1", isNoteReference: true)])
        builder.append(.quote, style: style { $0.indentStart = 2; $0.indentEnd = 2; $0.spaceBefore = 0.5; $0.spaceAfter = 0.5 },
                       text: "Who controls the past controls the future; who controls the present controls the past.")
        for (index, item) in ["War is peace.", "Freedom is slavery.", "Ignorance is strength."].enumerated() {
            builder.append(.listItem(marker: "\(index + 1)."), style: style { $0.indentStart = 2; $0.alignment = .start },
                           text: item)
        }
        builder.append(.paragraph, style: style { $0.alignment = .centred; $0.textIndent = 0 }, text: "* * *")
        builder.append(.paragraph, style: body, text: "See the second chapter for more.",
                       links: [DocumentLink(range: 4..<22, target: "ch2.xhtml")])
        builder.beginSection(name: "notes.xhtml", isLinear: false)
        builder.addAnchor("note1")
        builder.append(.paragraph, style: body, text: "1. Victory Mansions stood in London, chief city of Airstrip One.")
        builder.beginSection(name: "ch2.xhtml")
        builder.append(.heading(level: 2), style: style { $0.inline.weight = .bold }, text: "Chapter Two")
        builder.append(.paragraph, style: body, text: "The hallway smelt of boiled cabbage and old rag mats.")
        return builder.build(metadata: BookMetadata(title: "Styles", language: "en"),
                             contents: [ContentsEntry(title: "Chapter One", level: 1, target: "ch1.xhtml"),
                                        ContentsEntry(title: "Chapter Two", level: 1, target: "ch2.xhtml")],
                             format: .epub, resources: resources)
    }

    /// A page of text with an image between two paragraphs, its caption centred after it.
    public static func illustrated(imageWidth: Int = 300, imageHeight: Int = 200,
                                   resource: String = "images/plate.png") -> (Book, MemoryResources) {
        let resources = MemoryResources([resource: png(width: imageWidth, height: imageHeight)])
        var builder = DocumentBuilder()
        builder.beginSection(name: "plate.xhtml")
        builder.append(.paragraph, style: body, text: "Before the plate, a paragraph of text that runs over a line or two "
            + "so that the image sits between lines of text.")
        builder.append(.image(DocumentImage(resource: resource, alternative: "A plate of two colours")),
                       style: style { $0.spaceBefore = 0.5; $0.spaceAfter = 0.5 }, text: "")
        builder.append(.paragraph, style: style { $0.alignment = .centred; $0.inline.slant = .italic; $0.textIndent = 0 },
                       text: "The plate's caption.")
        builder.append(.paragraph, style: body, text: "After the plate, the text goes on.")
        let book = builder.build(metadata: BookMetadata(title: "Plates", language: "en"), contents: [], format: .epub,
                                 resources: resources)
        return (book, resources)
    }

    /// Fixed pages as a comic's: images of the sizes given (width x height,
    /// each its own colours), on the sides given, in `progression`.
    public static func fixedPages(_ sizes: [(width: Int, height: Int)], sides: [PageSide]? = nil,
                                  progression: PageProgression = .leftToRight) -> (Book, MemoryResources) {
        var files: [String: [UInt8]] = [:]
        var builder = DocumentBuilder()
        for (index, size) in sizes.enumerated() {
            let name = "page\(index + 1).png"
            files[name] = png(width: size.width, height: size.height, left: 0x101010 * UInt32(index + 1), right: 0x2060A0)
            let page = FixedPage(width: Double(size.width), height: Double(size.height), content: .image(resource: name),
                                 side: sides?[index] ?? .auto)
            builder.beginSection(name: "page\(index + 1)", fixedPage: page)
            builder.append(.paragraph, style: body, text: "\u{FFFC}")
        }
        let resources = MemoryResources(files)
        let book = builder.build(metadata: BookMetadata(title: "Pages"), contents: [], format: .comic, resources: resources,
                                 pageProgression: progression)
        return (book, resources)
    }
}
