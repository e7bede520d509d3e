import BookModel
import FoundationEssentials
import LinuxSystem
import Network

/// A book a shelf sync put in its folder, as it left it.
public struct ShelfBook: Codable, Equatable, Sendable {
    public var entryID: String
    /// Its name in the folder.
    public var file: String
    public var href: String
    /// The entry's `updated` when it was fetched.
    public var updated: String?
    public var validators: HTTPValidators
    /// The size the feed's link gave when it was fetched (a server may
    /// send a file of another size: calibre writes its metadata in).
    public var length: Int?
    public var size: Int
    /// Modification time, nanoseconds since the epoch.
    public var modified: Int64

    public init(entryID: String, file: String, href: String, updated: String?, validators: HTTPValidators,
                length: Int? = nil, size: Int, modified: Int64) {
        self.entryID = entryID
        self.file = file
        self.href = href
        self.updated = updated
        self.validators = validators
        self.length = length
        self.size = size
        self.modified = modified
    }
}

/// Which books of a folder a shelf sync put there. Kept in the reader's
/// state folder (not in the books folder, which holds only books), one
/// file per books folder named by a hash of its absolute path; written
/// whole and atomically after every change.
public struct ShelfRecord: Codable, Equatable, Sendable {
    public static let version = 1

    public var version = ShelfRecord.version
    /// The books folder's absolute path.
    public var folder: String
    /// The catalog last synced from (without credentials).
    public var catalog: String
    public var books: [ShelfBook]

    public init(folder: String, catalog: String, books: [ShelfBook] = []) {
        self.folder = folder
        self.catalog = catalog
        self.books = books
    }

    /// Where the record of `folder` (an absolute path) is kept.
    public static func path(folder: String, stateDirectory: String) -> String {
        stateDirectory + "/shelves/" + BookFileName.hashName(folder) + ".json"
    }

    /// The record at `path`; an empty one when there is none yet. A file
    /// that is not a record of this folder is an error: guessing would
    /// take books put there by hand for the sync's, or the other way round.
    public static func load(path: String, folder: String, catalog: String) throws(CatalogError) -> ShelfRecord {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileDescriptor.readFile(path)
        } catch where error.isNotFound {
            return ShelfRecord(folder: folder, catalog: catalog)
        } catch {
            throw CatalogError(place: path, problem: "the shelf's record cannot be read: \(error)")
        }
        guard let record = try? JSONDecoder().decode(ShelfRecord.self, from: Data(bytes)),
              record.version == version, record.folder == folder else {
            throw CatalogError(place: path, problem: "not a shelf record of \(folder) (remove it to start again: the books "
                               + "there are then kept as if put by hand)")
        }
        return record
    }

    public func save(path: String) throws(CatalogError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            throw CatalogError(place: path, problem: "the shelf's record cannot be written as JSON")
        }
        do throws(SystemError) {
            try FileSystem.createDirectories(FileSystem.parentFolder(of: path))
            try AtomicFile.replace(path: path, contents: Array(data))
        } catch {
            throw CatalogError(place: path, problem: "the shelf's record cannot be saved: \(error)")
        }
    }
}
