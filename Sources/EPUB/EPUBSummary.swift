import Typesetting

/// What a library shows of an EPUB before it is opened: the package's
/// title and creators and the cover image's bytes. Only the container,
/// the package and the cover are read (and the first spine document when
/// the package names no cover, for a first page that is one image), never
/// the rest of the spine, so a shelf of long books lists as fast as one
/// of short ones.
public struct EPUBSummary: Sendable, Equatable {
    /// The package's first title; nil when it has none.
    public var title: String?
    public var authors: [String]
    /// The cover image file (the one `info` names: the manifest's
    /// `cover-image`, else EPUB 2's cover meta, else the first spine
    /// document's image when that document is one image); nil when the
    /// book has none or it cannot be read.
    public var cover: [UInt8]?
    /// Why the cover could not be read, when one is found but unreadable.
    public var coverProblem: String?

    /// A cover larger than this is not a cover (and would not be decoded anyway).
    public static let maximumCoverSize = 8 << 20

    /// Reads the summary of the EPUB at `path`; throws `EPUBError` when
    /// the book cannot be opened at all (not an EPUB, damaged, DRM).
    public static func read(path: String) throws -> EPUBSummary {
        let source = try EPUBSource(path: path, publisherStyles: false)
        let package = source.package
        var summary = EPUBSummary(title: package.titles.first?.text, authors: package.creators.map(\.text))
        if let cover = source.coverPath() {
            do {
                summary.cover = try source.resources.data(of: cover, limit: maximumCoverSize)
            } catch {
                summary.coverProblem = "\(error)"
            }
        }
        return summary
    }
}

extension EPUBSource {
    /// The cover's container path: the one the package names, else the
    /// first spine document's image when that document is one image.
    func coverPath() -> String? {
        if let named = package.declaredCover { return named.path }
        guard let first = package.spine.first else { return nil }
        var sheets = BookStyleSheets(read: { _ in nil })
        var budget = ReadingBudget(clock: nil, compressedBytes: container.archive.compressedSize)
        var notices: [String] = []
        let section = EPUBBook.readSpineItem(first, container: container, resources: resources, sheets: &sheets,
                                             budget: &budget, publisherStyles: false, notices: &notices)
        return EPUBBook.cover(package: package, sections: [section])
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
