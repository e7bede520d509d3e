import BookModel
import ImageDecoding
import Threading

/// A comic opened: its pages (the images of its archive or folder in
/// natural order), what its ComicInfo.xml says, and each page's size read
/// from the image's header the first time the page is asked for.
public final class ComicBook: PagedBookSource, @unchecked Sendable {
    public let container: ComicContainer
    /// The member names of the pages, in reading order.
    public let pageNames: [String]
    public let info: ComicInfo?
    public let metadata: BookMetadata
    public let resources: DocumentResources?
    public let stateKey: String
    private let sizesLock = Condition()
    private var sizes: [Int: (width: Int, height: Int)] = [:]

    /// The extensions of the images a comic's pages are (what ImageDecoding reads).
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "gif", "webp"]
    /// The size given to a page whose image header cannot be read (A4's
    /// shape), so that it still takes its place; drawing it says what is wrong.
    static let unreadablePageSize = (width: 1240, height: 1754)

    /// Opens the archive or folder at `path`; throws when it cannot be
    /// listed or holds no image.
    public init(path: String) throws(ComicError) {
        let container = try ComicContainer.open(path: path)
        self.container = container
        // A name an archive holds twice is one page: reading by name finds its first member only.
        var seen = Set<String>()
        pageNames = container.names.filter { Self.isPage($0) && seen.insert($0).inserted }.sorted(by: NaturalOrder.precedes)
        guard !pageNames.isEmpty else { throw .noPages(path: path) }
        let infoName = container.names.filter { Self.lastComponent($0).lowercased() == "comicinfo.xml" }
            .min { $0.count < $1.count }
        info = try infoName.map { name throws(ComicError) in
            ComicInfo(xml: try container.read(name, limit: ComicInfo.maximumBytes))
        }
        metadata = BookMetadata(title: info?.shownTitle ?? BookDescription.title(ofPath: path), authors: info?.authors ?? [],
                                language: info?.language)
        resources = ComicResources(container: container)
        // The pages and their sizes in the archive name the book, wherever it is kept.
        let identity = container.members.map { "\($0.name)\u{0}\($0.size ?? -1)" }.joined(separator: "\u{1}")
        let hash = Array(identity.utf8).withUnsafeBytes(ByteHash.hash64)
        stateKey = "comic-" + String(hash, radix: 16)
    }

    public var format: DocumentFormat { .comic }
    public var pageCount: Int { pageNames.count }
    public var pageProgression: PageProgression { info?.isRightToLeft == true ? .rightToLeft : .leftToRight }
    public var contents: [ContentsEntry] { [] }

    /// The page the cover is: the one ComicInfo marks, else the first.
    public var coverPage: Int {
        info?.coverPage.flatMap { pageNames.indices.contains($0) ? $0 : nil } ?? 0
    }

    public func page(_ index: Int, withText: Bool) -> (page: FixedPage, text: String) {
        let name = pageNames[index]
        let size = self.size(ofPage: index)
        // A landscape image is a double page drawn as one: alone on the screen.
        let page = FixedPage(width: Double(size.width), height: Double(size.height), content: .image(resource: name),
                             pairs: size.width <= size.height)
        return (page, "")
    }

    /// The page's image size in pixels, from its header.
    func size(ofPage index: Int) -> (width: Int, height: Int) {
        if let known = sizesLock.withLock({ sizes[index] }) { return known }
        let size = probe(pageNames[index]) ?? Self.unreadablePageSize
        sizesLock.withLock { sizes[index] = size }
        return size
    }

    /// A short head holds most images' size; a JPEG's may follow large metadata.
    private func probe(_ name: String) -> (width: Int, height: Int)? {
        for count in [16 << 10, ImageProbe.headerBytes, DocumentLimits.resourceBytes] {
            guard let bytes = try? container.prefix(of: name, count: count) else { return nil }
            if let info = try? ImageProbe.info(of: bytes) { return (info.width, info.height) }
            if bytes.count < count { return nil }
        }
        return nil
    }

    /// An image outside hidden folders and the resource forks archivers add.
    static func isPage(_ name: String) -> Bool {
        let components = name.split(separator: "/")
        guard let last = components.last,
              !components.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) else { return false }
        return imageExtensions.contains(BookDescription.fileExtension(String(last)))
    }

    private static func lastComponent(_ name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }
}

/// A comic's members for the typesetter and the painter, by name.
final class ComicResources: DocumentResources, @unchecked Sendable {
    private let container: ComicContainer

    init(container: ComicContainer) {
        self.container = container
    }

    func data(of resource: String, limit: Int) throws -> [UInt8] {
        try container.read(resource, limit: limit)
    }

    func prefix(of resource: String, count: Int) throws -> [UInt8] {
        try container.prefix(of: resource, count: count)
    }
}
