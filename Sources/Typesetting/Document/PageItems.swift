/// A rectangle on a page, in whole pixels from its top-left corner.
public struct PageBox: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether the point lies within, or within `slop` pixels of, the box.
    public func contains(x px: Double, y py: Double, slop: Double = 0) -> Bool {
        px >= Double(x) - slop && px < Double(maxX) + slop && py >= Double(y) - slop && py < Double(maxY) + slop
    }

    /// The smallest box holding both.
    func union(_ other: PageBox) -> PageBox {
        let left = min(x, other.x), top = min(y, other.y)
        return PageBox(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// An image placed on a page, drawn from the book's resources at the box's size.
public struct PlacedImage: Sendable, Equatable {
    /// The resource name in the book.
    public var resource: String
    public var box: PageBox
    /// The image's alternative text set centred in the box, drawn when the
    /// image cannot be decoded.
    public var alternative: [PlacedGlyph]
}

/// A link's characters on one line of a page.
public struct PageLink: Sendable, Equatable {
    public var box: PageBox
    /// The scalar offset the link goes to.
    public var target: Int
    /// A note reference: its target is shown in a panel, not jumped to.
    public var isNoteReference: Bool
}
