import LinuxSystem
import Network

/// How one pass went.
public struct ShelfSummary: Equatable, Sendable {
    public var added = 0
    public var replaced = 0
    public var removed = 0
    public var kept = 0
    public var failed = 0

    public init() {}
}

/// One pass of keeping a folder in step with an acquisition feed: the
/// feed read whole (its `next` pages followed), the plan made
/// (`ShelfPlan`), then carried out, the record saved after every change.
/// When the feed cannot be read nothing in the folder is touched.
public struct ShelfSync {
    private let catalog: String
    private let folder: String
    private let stateDirectory: String
    private let reader: CatalogReader
    private let download: BookDownload
    private let pause: (Double) -> Void

    /// Seconds to wait before each new attempt to read a feed whose server
    /// cannot be reached: a catalog on the same machine or network may
    /// still be starting (as at a kiosk's boot), and a pass that fails
    /// waits a whole `SHELF_SYNC` period. Timeouts are not tried again.
    public static let unreachableRetryWaits: [Double] = [0.5, 1, 2]

    /// `pause`: waits the seconds given before another attempt (none when nil).
    public init(catalog: String, folder: String, stateDirectory: String, client: HTTPClient, download: BookDownload,
                pause: ((Double) -> Void)? = nil) {
        self.catalog = catalog
        self.folder = folder
        self.stateDirectory = stateDirectory
        reader = CatalogReader(client: client)
        self.download = download
        self.pause = pause ?? { _ in }
    }

    /// Runs the pass; `inUse` names books (file names in the folder) open
    /// in the reader, which wait for a later pass. Each book that fails is
    /// told to `warn` in one line and counted; the rest go on.
    public func run(inUse: Set<String> = [], warn: (String) -> Void) throws(CatalogError) -> ShelfSummary {
        let feed = try readFeed()
        do throws(SystemError) { try FileSystem.createDirectories(folder) } catch {
            throw CatalogError(place: folder, problem: "cannot make the folder: \(error)")
        }
        let absolute = FileSystem.canonicalPath(folder) ?? folder
        let recordPath = ShelfRecord.path(folder: absolute, stateDirectory: stateDirectory)
        let shown = WebAddress.withoutUserinfo(catalog)
        var record = try ShelfRecord.load(path: recordPath, folder: absolute, catalog: shown)
        record.catalog = shown
        let names: [String]
        do throws(SystemError) { names = try FileSystem.directoryEntries(folder) } catch {
            throw CatalogError(place: folder, problem: "cannot list the folder: \(error)")
        }
        var listing: [String: FileStatus] = [:]
        for name in names where !name.hasPrefix(".") {
            if let status = try? FileSystem.status(folder + "/" + name) { listing[name] = status }
        }
        let plan = ShelfPlan.make(entries: feed.entries, record: record.books, folder: listing, inUse: inUse)
        removeStalePartials(names: names, plan: plan)

        var summary = ShelfSummary()
        var books = record.books
        func save() throws(CatalogError) {
            record.books = books
            try record.save(path: recordPath)
        }
        for action in plan.actions {
            switch action {
            case let .forget(book):
                books.removeAll { $0 == book }
            case let .keep(book):
                if let index = books.firstIndex(where: { $0.entryID == book.entryID }) { books[index] = book }
                summary.kept += 1
            case let .remove(book):
                do throws(SystemError) {
                    let path = folder + "/" + book.file
                    // Looked at again right before: a file changed since the listing is no longer the sync's.
                    if let status = try? FileSystem.status(path), book.matches(status) { try FileSystem.removeFile(path) }
                    books.removeAll { $0 == book }
                    summary.removed += 1
                } catch {
                    warn("\(folder)/\(book.file): cannot remove: \(error)")
                    summary.failed += 1
                }
            case let .add(wanted):
                if let fetched = fetch(wanted, replacing: nil, warn: warn) {
                    books.append(fetched)
                    summary.added += 1
                } else {
                    summary.failed += 1
                }
            case let .replace(book, wanted), let .revalidate(book, wanted):
                let conditional: Bool
                if case .revalidate = action { conditional = true } else { conditional = false }
                guard let fetched = fetch(wanted, replacing: book, conditional: conditional, warn: warn) else {
                    summary.failed += 1
                    continue
                }
                if fetched == book {
                    summary.kept += 1
                    continue
                }
                if fetched.file != book.file, let status = try? FileSystem.status(folder + "/" + book.file), book.matches(status) {
                    try? FileSystem.removeFile(folder + "/" + book.file)
                }
                books.removeAll { $0.entryID == book.entryID }
                books.append(fetched)
                summary.replaced += 1
            }
            try save()
        }
        try save()
        return summary
    }

    /// Fetches one book; the record of it on success, `replacing` itself
    /// when a conditional request found it unchanged, nil on failure (told).
    private func fetch(_ wanted: ShelfPlan.Download, replacing: ShelfBook?, conditional: Bool = false,
                       warn: (String) -> Void) -> ShelfBook? {
        do throws(CatalogError) {
            let outcome = try download.fetch(wanted.link, kind: wanted.kind, into: folder, as: wanted.file,
                                             replacing: replacing?.file == wanted.file, keepPartial: true, version: wanted.updated,
                                             unlessMatching: conditional ? replacing?.validators : nil)
            switch outcome {
            case .notModified:
                return replacing
            case let .fetched(fetched):
                return ShelfBook(entryID: wanted.entryID, file: fetched.name, href: wanted.link.href, updated: wanted.updated,
                                 validators: fetched.validators, length: wanted.link.length, size: fetched.status.size, modified: fetched.status.modified)
            }
        } catch {
            warn(error.description)
            return nil
        }
    }

    /// The whole feed, tried again after the waits while its server cannot be reached.
    private func readFeed() throws(CatalogError) -> CatalogFeed {
        var waits = Self.unreachableRetryWaits[...]
        while true {
            do throws(CatalogError) {
                return try reader.allPages(catalog)
            } catch {
                guard error.isUnreachable, let wait = waits.popFirst() else { throw error }
                pause(wait)
            }
        }
    }

    /// Parts of downloads no fetch of this pass would resume.
    private func removeStalePartials(names: [String], plan: ShelfPlan) {
        var current: Set<String> = []
        for action in plan.actions {
            switch action {
            case let .add(wanted), let .replace(_, wanted), let .revalidate(_, wanted):
                current.insert(BookDownload.temporaryName(for: wanted.link, version: wanted.updated))
            default: continue
            }
        }
        for name in names where BookDownload.isTemporaryName(name) && !current.contains(name) {
            try? FileSystem.removeFile(folder + "/" + name)
        }
    }
}
