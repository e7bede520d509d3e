/// What a library shows of an EPUB before it is opened: the package's
/// title and creators and the cover image's bytes. Only the container,
/// the package and the cover are read, never the content documents, so a
/// shelf of long books lists as fast as one of short ones.
public struct EPUBSummary: Sendable, Equatable {
    /// The package's first title; nil when it has none.
    public var title: String?
    public var authors: [String]
    /// The cover image file (its manifest's `cover-image`, else EPUB 2's
    /// cover meta); nil when the book declares none or it cannot be read.
    public var cover: [UInt8]?
    /// Why the cover could not be read, when one is declared but unreadable.
    public var coverProblem: String?

    /// A cover larger than this is not a cover (and would not be decoded anyway).
    public static let maximumCoverSize = 8 << 20

    /// Reads the summary of the EPUB at `path`; throws `EPUBError` when
    /// the book cannot be opened at all (not an EPUB, damaged, DRM).
    public static func read(path: String) throws -> EPUBSummary {
        let container = try EPUBContainer(path: path)
        let package = container.package
        var summary = EPUBSummary(title: package.titles.first?.text, authors: package.creators.map(\.text))
        if let cover = package.declaredCover {
            switch container.read(cover.path, limit: maximumCoverSize) {
            case let .success(bytes): summary.cover = bytes
            case let .failure(problem): summary.coverProblem = problem.description
            }
        }
        return summary
    }
}

extension PackageDocument {
    /// The cover image the package names: the manifest item marked
    /// `cover-image`, else the image EPUB 2's `<meta name="cover">` names.
    var declaredCover: Item? {
        if let item = manifestOrder.lazy.compactMap({ manifest[$0] }).first(where: { $0.properties.contains("cover-image") }) {
            return item
        }
        if let id = coverID, let item = manifest[id], item.mediaType.hasPrefix("image/") { return item }
        return nil
    }
}
