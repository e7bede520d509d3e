import LinuxSystem

/// Where a book of the library was left, from the state folder.
public struct LibraryReading: Equatable, Sendable {
    public var offset: Int
    /// The book's length in characters, when the state file says it.
    public var characters: Int?
    /// When it was read last, in seconds since the epoch.
    public var readAt: Double

    public init(offset: Int, characters: Int?, readAt: Double) {
        self.offset = offset
        self.characters = characters
        self.readAt = readAt
    }

    /// How far into the book (0...1), when its length is known.
    public var progress: Double? {
        guard let characters, characters > 0 else { return nil }
        return max(0, min(1, Double(offset) / Double(characters)))
    }
}

/// One book file of the library, as listed.
public struct LibraryEntry: Equatable, Sendable {
    public var name: String
    public var path: String
    public var status: FileStatus
    public var reading: LibraryReading?

    public init(name: String, path: String, status: FileStatus, reading: LibraryReading? = nil) {
        self.name = name
        self.path = path
        self.status = status
        self.reading = reading
    }
}

/// The order of the library: the books read, the last read first, then
/// the others by file name (as a folder lists them), so a book keeps its
/// place until it is read.
public enum LibraryShelf {
    public static func sorted(_ entries: [LibraryEntry]) -> [LibraryEntry] {
        entries.sorted { a, b in
            switch (a.reading?.readAt, b.reading?.readAt) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default:
                let (left, right) = (a.name.lowercased(), b.name.lowercased())
                return left != right ? left < right : a.name < b.name
            }
        }
    }

    /// The readings of the books in the state folder, by the book file's
    /// path with its folder's links resolved: the last one of each path (a
    /// book whose text changed has a state file per version).
    public static func readings(in store: StateStore) -> [String: LibraryReading] {
        var result: [String: LibraryReading] = [:]
        var folders: [String: String?] = [:]
        for saved in store.savedReadings() {
            let state = saved.state
            let (folder, name) = split(state.path)
            let resolved: String?
            if let known = folders[folder] {
                resolved = known
            } else {
                resolved = FileSystem.canonicalPath(folder)
                folders[folder] = resolved
            }
            guard let resolved else { continue }
            let path = (resolved == "/" ? "" : resolved) + "/" + name
            let reading = LibraryReading(offset: state.offset, characters: state.characters,
                                         readAt: state.readAt ?? saved.savedAt)
            if let known = result[path], known.readAt >= reading.readAt { continue }
            result[path] = reading
        }
        return result
    }

    /// A path's folder ("." for a bare name) and name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }
}
