import Typesetting

/// What a library shows of an EPUB before it is opened, read cheaply: the
/// package's title and creators and the cover image's bytes. Only the
/// container's directory, the package and the cover are read (and the
/// first spine document when the package names no cover, for a first
/// page that is one image), never the rest of the spine.
public struct EPUBSummary: Sendable {
    public var title: String?
    public var authors: [String]
    /// The cover image's file, as the book holds it; nil without one.
    public var coverImage: [UInt8]?

    /// A cover image larger than this is not read for the library.
    public static let maximumCoverBytes = 16 << 20

    /// Reads the summary of the EPUB at `path`; throws `EPUBError` for a book the reader cannot open.
    public static func read(path: String) throws -> EPUBSummary {
        let source = try EPUBSource(path: path, publisherStyles: false)
        let package = source.package
        let cover = source.coverPath().flatMap { try? source.resources.data(of: $0, limit: maximumCoverBytes) }
        return EPUBSummary(title: package.titles.first?.text, authors: package.creators.map(\.text), coverImage: cover)
    }
}

extension EPUBSource {
    /// The cover's container path: the one the package names, else the
    /// first spine document's image when that document is one image.
    func coverPath() -> String? {
        if let named = EPUBBook.cover(package: package, sections: []) { return named }
        guard let first = package.spine.first else { return nil }
        var sheets = BookStyleSheets(read: { _ in nil })
        var notices: [String] = []
        let section = EPUBBook.readSpineItem(first, container: container, resources: resources, sheets: &sheets,
                                             publisherStyles: false, notices: &notices)
        return EPUBBook.cover(package: package, sections: [section])
    }
}

extension EPUBError {
    /// What is wrong, without the book's path (a library's row shows the book).
    public var reason: String {
        let path: String
        switch self {
        case let .damagedArchive(bookPath, _), let .notAnEPUB(bookPath), let .missingContainer(bookPath),
             let .missingPackage(bookPath, _), let .unsupportedCompression(bookPath, _, _), let .protected(bookPath, _),
             let .tooLarge(bookPath, _):
            path = bookPath
        }
        let text = description
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}
