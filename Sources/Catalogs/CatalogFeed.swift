/// One page of an OPDS catalog, Atom (OPDS 1.2) or JSON (OPDS 2.0) alike:
/// its entries, and the links of the page itself (the next page, search).
public struct CatalogFeed: Equatable, Sendable {
    public var id: String?
    public var title: String?
    public var updated: String?
    /// The page's own links (next, start, up, search), hrefs absolute.
    public var links: [CatalogLink]
    public var entries: [CatalogEntry]

    public init(id: String? = nil, title: String? = nil, updated: String? = nil, links: [CatalogLink] = [],
                entries: [CatalogEntry] = []) {
        self.id = id
        self.title = title
        self.updated = updated
        self.links = links
        self.entries = entries
    }

    /// The following page of the same list, when the catalog pages it.
    public var next: String? { links.first { $0.rel == "next" }?.href }

    /// The catalog's search: an OpenSearch description, else a URL template.
    public var search: CatalogLink? {
        links.first { $0.rel == "search" && $0.type.hasPrefix(CatalogLink.openSearchType) }
            ?? links.first { $0.rel == "search" }
    }

    /// A navigation feed lists other feeds; an acquisition feed lists books.
    public var isNavigation: Bool { !entries.contains(where: \.isAcquisition) }
}

/// A book or a link to another feed.
public struct CatalogEntry: Equatable, Sendable {
    public var id: String
    public var title: String
    public var authors: [String]
    /// When the entry last changed, as the feed writes it (RFC 3339).
    public var updated: String?
    public var links: [CatalogLink]

    public init(id: String, title: String, authors: [String] = [], updated: String? = nil, links: [CatalogLink] = []) {
        self.id = id
        self.title = title
        self.authors = authors
        self.updated = updated
        self.links = links
    }

    /// A book that can be had (at least one acquisition link).
    public var isAcquisition: Bool { links.contains(where: \.isAcquisition) }
    /// A link to another feed.
    public var isNavigation: Bool { !isAcquisition && links.contains(where: \.isCatalog) }

    /// The picture to list the entry with: its thumbnail, else its cover image.
    public var coverAddress: String? {
        (links.first { $0.rel == CatalogLink.thumbnailRel } ?? links.first { $0.rel == CatalogLink.imageRel })?.href
    }
}

/// A link of an entry or a feed, its href absolute (made so against the
/// address the feed came from).
public struct CatalogLink: Equatable, Sendable {
    public var rel: String
    public var type: String
    public var href: String
    public var title: String?
    /// The size in bytes the feed gives, when it does.
    public var length: Int?

    public init(rel: String, type: String, href: String, title: String? = nil, length: Int? = nil) {
        self.rel = rel
        self.type = type
        self.href = href
        self.title = title
        self.length = length
    }

    public static let acquisitionRel = "http://opds-spec.org/acquisition"
    /// A book's cover image, and a small copy of it for lists.
    public static let imageRel = "http://opds-spec.org/image"
    public static let thumbnailRel = "http://opds-spec.org/image/thumbnail"
    static let openSearchType = "application/opensearchdescription+xml"

    /// Any acquisition (open access, borrow, buy, sample, ...).
    public var isAcquisition: Bool { rel == Self.acquisitionRel || rel.hasPrefix(Self.acquisitionRel + "/") }

    /// An acquisition that gives the book itself, without paying,
    /// borrowing or subscribing, and not a sample.
    public var isFreeAcquisition: Bool { rel == Self.acquisitionRel || rel == Self.acquisitionRel + "/open-access" }

    /// A link to a catalog feed (OPDS 1.2 Atom or OPDS 2.0 JSON).
    public var isCatalog: Bool {
        let lower = type.lowercased()
        return lower.hasPrefix("application/atom+xml") || lower.hasPrefix("application/opds+json")
    }

    /// The rel a link without one is given: a link to a catalog is a
    /// subsection, a link to a book file an acquisition, anything else
    /// Atom's default, alternate.
    static func implicitRel(type: String) -> String {
        let link = CatalogLink(rel: "", type: type, href: "")
        if link.isCatalog { return "subsection" }
        if BookFileType(mediaType: type) != nil { return acquisitionRel }
        return "alternate"
    }
}
