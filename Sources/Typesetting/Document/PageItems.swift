import Geometry

/// An image placed on a page, drawn from the book's resources at the box's size.
public struct PlacedImage: Sendable, Equatable {
    /// The resource name in the book.
    public var resource: String
    public var box: PixelRect
    /// The image's alternative text set centred in the box, drawn when the
    /// image cannot be decoded.
    public var alternative: [PlacedGlyph]

    public init(resource: String, box: PixelRect, alternative: [PlacedGlyph]) {
        self.resource = resource
        self.box = box
        self.alternative = alternative
    }
}

/// A link's characters on one line of a page.
public struct PageLink: Sendable, Equatable {
    public var box: PixelRect
    /// The scalar offset the link goes to.
    public var target: Int
    /// A note reference: its target is shown in a panel, not jumped to.
    public var isNoteReference: Bool
}
