import BookModel

/// How a spine item asks to be laid out: the publication's `rendition:`
/// properties with the itemref's own overriding them. Of several
/// overrides of one property on an itemref the first counts.
struct Rendition: Sendable, Equatable {
    /// One page per spine item, of the size the item gives (`rendition:layout pre-paginated`).
    var isPrePaginated: Bool
    /// The side of a spread the item asks for.
    var side: PageSide
    /// False when the item is never shown in a spread (`rendition:spread none`).
    var pairs: Bool

    /// The rendition of `itemref` in `package`.
    init(of itemref: PackageDocument.SpineItem, in package: PackageDocument) {
        var layout = package.renditionProperties["layout"]
        var spread = package.renditionProperties["spread"]
        var side = PageSide.auto
        var sawLayout = false, sawSpread = false, sawSide = false
        for property in itemref.properties {
            let name = property.hasPrefix("rendition:") ? String(property.dropFirst("rendition:".count)) : property
            if name.hasPrefix("layout-"), !sawLayout {
                sawLayout = true
                layout = String(name.dropFirst("layout-".count))
            } else if name.hasPrefix("spread-"), !sawSpread {
                sawSpread = true
                spread = String(name.dropFirst("spread-".count))
            } else if name.hasPrefix("page-spread-"), !sawSide {
                sawSide = true
                switch name.dropFirst("page-spread-".count) {
                case "left": side = .left
                case "right": side = .right
                case "center": side = .centre
                default: sawSide = false
                }
            }
        }
        isPrePaginated = layout == "pre-paginated"
        self.side = side
        pairs = spread != "none"
    }

    /// Whether the publication as a whole is pre-paginated.
    static func isPrePaginated(_ package: PackageDocument) -> Bool {
        package.renditionProperties["layout"] == "pre-paginated"
    }
}
