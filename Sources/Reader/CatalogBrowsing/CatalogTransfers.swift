import Catalogs
import Network

/// What the catalogs screen asks of the network, each run on a
/// `CatalogTask`'s thread: a feed page, a book into the books folder. Each
/// transfer has a client of its own, answering the catalog's server with
/// the credentials of the catalog's address.
enum CatalogTransfers {
    /// How large and long a download from the screen may be, and the space it leaves free.
    struct Limits: Equatable, Sendable {
        var maximumBytes = 500 << 20
        var totalSeconds = 1800
        var minimumFreeBytes = 200 << 20
    }

    /// A book fetched: its file's name in the folder.
    typealias Downloaded = Result<String, Catalogs.CatalogError>

    static func page(_ address: String, catalog: String) -> Result<CatalogFeed, Catalogs.CatalogError> {
        Result { () throws(Catalogs.CatalogError) in try CatalogReader(client: client(for: catalog)).page(address) }
    }

    /// The first page of results for `query` by the search `link` (an
    /// OpenSearch description is read first for its template).
    static func search(_ link: CatalogLink, query: String, catalog: String) -> Result<CatalogFeed, Catalogs.CatalogError> {
        Result { () throws(Catalogs.CatalogError) in
            let client = client(for: catalog)
            let template = try CatalogSearch.template(of: link, client: client)
            return try CatalogReader(client: client).page(CatalogSearch.address(template: template, query: query))
        }
    }

    /// The chosen book of `entry` into `folder` under a name of its own (a
    /// name taken gets a number); the folder never holds a part of it under
    /// that name, and nothing of it once `cancellation` stopped it.
    static func download(_ entry: CatalogEntry, into folder: String, catalog: String, limits: Limits,
                         progress: @escaping (TransferProgress) -> Void, cancellation: TransferCancellation? = nil) -> Downloaded {
        guard let best = entry.bestAcquisition else {
            let offered = Set(entry.links.filter(\.isAcquisition).map(\.type)).sorted().joined(separator: ", ")
            return .failure(Catalogs.CatalogError(place: entry.title, problem: "no book file the reader opens is offered"
                                         + (offered.isEmpty ? "" : " (\(offered))")))
        }
        let name = BookFileName.name(entry: entry, link: best.link,
                                     fileExtension: BookFileType.fileExtension(mediaType: best.link.type) ?? "book")
        let downloader = BookDownload(client: client(for: catalog), maximumBytes: limits.maximumBytes,
                                      totalSeconds: limits.totalSeconds, minimumFreeBytes: limits.minimumFreeBytes)
        return Result { () throws(Catalogs.CatalogError) in
            switch try downloader.fetch(best.link, kind: best.kind, into: folder, as: name, progress: progress,
                                        cancellation: cancellation) {
            case let .fetched(fetched): return fetched.name
            case .notModified: throw Catalogs.CatalogError(place: best.link.href, problem: "the server sent nothing")
            }
        }
    }

    private static func client(for catalog: String) -> HTTPClient {
        HTTPClient(credentialsOf: try? WebAddress(catalog))
    }
}
