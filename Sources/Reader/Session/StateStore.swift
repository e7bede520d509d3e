import BookModel
import BookStorage
import FoundationEssentials
import Glibc
import LinuxSystem
import Typesetting

/// Where a book was left: a character offset, which survives a change of
/// font size or screen.
public struct ReadingState: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version: Int
    /// The book's key (`StateStore.key(of:)`): the content hash of the
    /// decoded text the offset points into, or the format's own.
    public var book: String
    public var offset: Int
    public var path: String
    /// Start offsets of the bookmarked pages, in book order (absent in files from before bookmarks).
    public var bookmarks: [Int]?
    /// The font size this book was last read at, when chosen on the text panel.
    public var fontSize: Int?
    /// The length of the decoded text in characters, for the book's
    /// progress in the library (absent in files from before the library).
    public var characters: Int?
    /// When the position was saved, in seconds since the epoch (absent in
    /// files from before the library, which go by the file's time).
    public var readAt: Double?
    /// For a book of sections (an EPUB): where `offset` is by its section.
    /// The reader opens there, reading that section alone first; and the
    /// place holds when the book's styles are turned on or off, which
    /// changes the lengths of other sections and so `offset`.
    public var place: BookPlace?
    /// The places of `bookmarks`, one each, for a book of sections.
    public var bookmarkPlaces: [BookPlace]?
    /// Highlights and notes, in book order (absent in files from before them).
    public var highlights: [Highlight]?

    public init(book: String, offset: Int, path: String, bookmarks: [Int]? = nil, fontSize: Int? = nil,
                characters: Int? = nil, readAt: Double? = nil, place: BookPlace? = nil,
                bookmarkPlaces: [BookPlace]? = nil, highlights: [Highlight]? = nil) {
        version = Self.currentVersion
        self.book = book
        self.offset = offset
        self.path = path
        self.bookmarks = bookmarks
        self.fontSize = fontSize
        self.characters = characters
        self.readAt = readAt
        self.place = place
        self.bookmarkPlaces = bookmarkPlaces
        self.highlights = highlights
    }
}

/// Reading positions, one small file per book in the state directory,
/// written atomically: temporary file, fsync, rename, fsync of the folder.
/// A power cut leaves either the old or the new file, never a torn one.
public struct StateStore: Sendable {
    public let directory: String
    /// Stamps each saved position with when it was read (seconds since the epoch).
    public let wallClock: @Sendable () -> Double

    public init(directory: String, wallClock: @escaping @Sendable () -> Double = wallClockSeconds) {
        self.directory = directory
        self.wallClock = wallClock
    }

    /// `$STATE_DIRECTORY` (systemd), else `$XDG_STATE_HOME/ebook-fb`, else
    /// `~/.local/state/ebook-fb`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        UserDirectories.folder(systemd: "STATE_DIRECTORY", xdg: "XDG_STATE_HOME", underHome: ".local/state",
                               environment: environment)
    }

    /// What a book's state is kept under: the one its format names (an
    /// EPUB's, which styles do not change), else its text's hash.
    public static func key(of book: Book) -> String {
        if let key = book.document?.stateKey { return key }
        if let hash = book.textHash { return hexadecimal(hash) }
        return contentHash(of: book.text.utf8)
    }

    /// A 64-bit hash of the decoded text, as 16 hex digits: eight bytes
    /// per multiply, so a long novel hashes in about a millisecond.
    public static func contentHash(of utf8: [UInt8]) -> String {
        hexadecimal(utf8.withUnsafeBytes(ByteHash.hash64))
    }

    private static func hexadecimal(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public func path(forBook hash: String) -> String { directory + "/" + hash + ".json" }

    public enum LoadResult: Equatable {
        case none
        case found(ReadingState)
        /// The file exists but cannot be used; the message names it and
        /// says why (what follows from it is the caller's to say).
        case ignored(String)
    }

    public func load(book hash: String) -> LoadResult {
        let path = path(forBook: hash)
        let data: Data
        do throws(SystemError) {
            data = Data(try FileDescriptor.readFile(path))
        } catch {
            if error.isNotFound { return .none }
            let reason = error.notRegularKind.map { "not a regular file: " + $0 } ?? String(cString: strerror(error.errno))
            return .ignored("\(path): cannot be read (\(reason))")
        }
        guard let state = Self.decodeState(data, book: hash) else {
            return .ignored("\(path): torn, corrupt or not a reading state this version understands")
        }
        return .found(state)
    }

    /// The reading position in a state file's bytes, or nil when they are
    /// not one for this book and version (torn, foreign or corrupt).
    public static func decodeState(_ data: Data, book hash: String) -> ReadingState? {
        guard let state = try? JSONDecoder().decode(ReadingState.self, from: data),
              state.version == ReadingState.currentVersion, state.book == hash, state.offset >= 0 else { return nil }
        return state
    }

    /// Saves `state`, stamped with the time it was read.
    public func save(_ state: ReadingState) throws {
        var stamped = state
        stamped.readAt = wallClock()
        try write(stamped, to: path(forBook: state.book))
    }

    /// `value` as JSON with sorted keys at `path` in the state folder
    /// (made when missing), replaced atomically.
    func write(_ value: some Encodable, to path: String) throws {
        do throws(SystemError) {
            try FileSystem.createDirectories(directory, durable: true)
        } catch {
            throw StateStoreError(path: directory, operation: "create the state directory", code: error.errno)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        do throws(SystemError) {
            try AtomicFile.replace(path: path, contents: Array(data))
        } catch {
            throw StateStoreError(path: error.path, operation: error.operation, code: error.errno)
        }
    }
}

/// A state file that could not be written, with the path and the reason.
public struct StateStoreError: Error, CustomStringConvertible {
    public let path: String
    public let operation: String
    public let code: Int32

    public var description: String {
        "\(path): cannot \(operation): \(String(cString: strerror(code))); the reading position was not saved"
    }
}
