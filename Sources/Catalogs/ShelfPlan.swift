import LinuxSystem
import Network

/// What one pass of a shelf sync does, worked out from what the feed
/// lists, what earlier passes put in the folder and what the folder
/// holds now: pure, so a timer, a test or a dry run can ask it.
///
/// Only books the record names, whose files are as the sync left them,
/// are ever replaced or removed; anything else in the folder was put
/// there by hand and is left alone (and its name is not taken).
public struct ShelfPlan: Equatable, Sendable {
    /// A book file to fetch for an entry.
    public struct Download: Equatable, Sendable {
        public var entryID: String
        public var link: CatalogLink
        public var kind: BookFileType
        /// The name it is to have in the folder.
        public var file: String
        public var updated: String?
    }

    public enum Action: Equatable, Sendable {
        /// An entry new to the folder.
        case add(Download)
        /// A book of the sync's that changed in the catalog (`updated` or size):
        /// fetched again; the old file goes once the new one is in place.
        case replace(ShelfBook, Download)
        /// A book of the sync's the feed gives no date for: asked for again
        /// conditionally (its ETag or Last-Modified), replaced only when changed.
        case revalidate(ShelfBook, Download)
        /// A book of the sync's the feed no longer lists.
        case remove(ShelfBook)
        /// A book of the sync's that is as the feed lists it (or is open, and waits).
        case keep(ShelfBook)
        /// A book of the sync's that was deleted or changed by hand: no longer
        /// the sync's, dropped from the record, its file (if any) left alone.
        case forget(ShelfBook)
    }

    /// Removals first (they free space), then what is fetched.
    public var actions: [Action]

    /// Entries of the feed with no file the reader opens; left out.
    public var unusableEntries: [String]

    /// The plan for `entries` (the feed, all pages), `record` (the books
    /// the sync put in the folder) and `folder` (its visible files now).
    /// Books named in `inUse` (open in the reader) are neither replaced
    /// nor removed this pass.
    public static func make(entries: [CatalogEntry], record: [ShelfBook], folder: [String: FileStatus],
                            inUse: Set<String> = []) -> ShelfPlan {
        var wanted: [String: (entry: CatalogEntry, link: CatalogLink, kind: BookFileType)] = [:]
        var order: [String] = []
        var unusable: [String] = []
        for entry in entries where wanted[entry.id] == nil {
            guard let best = entry.bestAcquisition else {
                if !entry.isNavigation { unusable.append(entry.id) }
                continue
            }
            wanted[entry.id] = (entry, best.link, best.kind)
            order.append(entry.id)
        }

        var removals: [Action] = [], fetches: [Action] = [], others: [Action] = []
        var recorded: Set<String> = []
        var taken = Set(folder.keys)
        var freed: Set<String> = []
        for book in record {
            guard let status = folder[book.file], book.matches(status), recorded.insert(book.entryID).inserted else {
                others.append(.forget(book))
                continue
            }
            guard let offer = wanted[book.entryID] else {
                if inUse.contains(book.file) {
                    others.append(.keep(book))
                } else {
                    removals.append(.remove(book))
                    freed.insert(book.file)
                }
                continue
            }
            var current = book
            current.href = offer.link.href
            let sameKind = book.file.lowercased().hasSuffix("." + (BookFileType.fileExtension(mediaType: offer.link.type) ?? ""))
            let download = Download(entryID: book.entryID, link: offer.link, kind: offer.kind,
                                    file: sameKind ? book.file : "", updated: offer.entry.updated)
            if inUse.contains(book.file) {
                others.append(.keep(book))
            } else if book.changed(updated: offer.entry.updated, length: offer.link.length) || !sameKind {
                fetches.append(.replace(book, download))
            } else if offer.entry.updated == nil && !book.validators.isEmpty {
                fetches.append(.revalidate(book, download))
            } else {
                current.updated = offer.entry.updated ?? book.updated
                current.length = offer.link.length ?? book.length
                others.append(.keep(current))
            }
        }
        taken.subtract(freed)

        // Names for what is new, or changes kind: the link's or the title's, never one taken.
        func name(_ entry: CatalogEntry, _ link: CatalogLink, _ kind: BookFileType) -> String {
            let fileExtension = BookFileType.fileExtension(mediaType: link.type) ?? "book"
            let chosen = BookFileName.unique(BookFileName.name(entry: entry, link: link, fileExtension: fileExtension), taken: taken)
            taken.insert(chosen)
            return chosen
        }
        fetches = fetches.map { action in
            guard case .replace(let book, var download) = action, download.file.isEmpty, let offer = wanted[book.entryID] else {
                return action
            }
            download.file = name(offer.entry, offer.link, offer.kind)
            return .replace(book, download)
        }
        for id in order where !recorded.contains(id) {
            guard let offer = wanted[id] else { continue }
            fetches.append(.add(Download(entryID: id, link: offer.link, kind: offer.kind,
                                         file: name(offer.entry, offer.link, offer.kind), updated: offer.entry.updated)))
        }
        return ShelfPlan(actions: removals + others + fetches, unusableEntries: unusable)
    }
}

extension ShelfBook {
    /// The file is as the sync left it (size and modification time).
    func matches(_ status: FileStatus) -> Bool {
        status.isRegularFile && status.size == size && status.modified == modified
    }

    /// The catalog's entry differs from the one fetched: its date, or the
    /// size its link gives.
    func changed(updated newUpdated: String?, length newLength: Int?) -> Bool {
        if let newUpdated, newUpdated != updated { return true }
        if let newLength, let length, newLength != length { return true }
        return false
    }
}
