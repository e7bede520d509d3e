import BookModel
import ImageDecoding
import Typesetting

/// Spine items that are fixed pages: pre-paginated documents, images and
/// SVG documents, each one page of its own natural size.
extension EPUBBook {
    /// A page that is the image at `path`, of the image's size.
    static func imagePage(_ path: String, rendition: Rendition, resources: EPUBResources) -> FixedPage {
        let info = (try? resources.data(of: path, limit: DocumentLimits.resourceBytes)).flatMap { try? ImageProbe.info(of: $0) }
        return FixedPage(width: Double(info?.width ?? Int(FixedLayoutSize.fallback.width)),
                         height: Double(info?.height ?? Int(FixedLayoutSize.fallback.height)),
                         content: .image(resource: path), side: rendition.side, pairs: rendition.pairs)
    }

    /// A page that is the SVG document at `path`, drawn whole, of its `viewBox`'s size.
    static func svgPage(_ path: String, tree: MarkupTree, rendition: Rendition) -> FixedPage {
        let size = tree.root.flatMap(FixedLayoutSize.svg) ?? FixedLayoutSize.fallback
        return FixedPage(width: size.width, height: size.height, content: .image(resource: path), side: rendition.side,
                         pairs: rendition.pairs)
    }

    /// A pre-paginated XHTML document's page: its blocks laid out in its viewport.
    static func laidOutPage(tree: MarkupTree, rendition: Rendition) -> FixedPage {
        let viewport = FixedLayoutSize.viewport(of: tree)
        return FixedPage(width: viewport.width ?? FixedLayoutSize.fallback.width,
                         height: viewport.height ?? FixedLayoutSize.fallback.height,
                         content: .laidOut, side: rendition.side, pairs: rendition.pairs)
    }

    /// A picture page's one block: the text the document carries (its
    /// paragraphs, its images' descriptions) or an object replacement
    /// character when it has none, with the document's anchors.
    static func fixedPageText(_ section: ContentSection) -> ContentSection {
        var result = section
        var parts: [String] = []
        for block in section.blocks {
            if case let .image(image) = block.kind {
                if !image.alternative.isEmpty { parts.append(image.alternative) }
            } else if !block.text.isEmpty {
                parts.append(block.text)
            }
        }
        var block = ContentSection.Block(kind: .paragraph, style: BlockStyle(),
                                         text: parts.isEmpty ? "\u{FFFC}" : parts.joined(separator: " "))
        block.anchors = section.blocks.flatMap { $0.anchors.map { ($0.name, 0) } }
        result.blocks = [block]
        return result
    }
}
