import BookModel
import LinuxSystem
import Typesetting

/// Snapshots of loaded hyphenation dictionaries in the reader's cache
/// folder, one file per dictionary. A snapshot is used only when made from
/// the same dictionary file by the same libhyphen library (typesetting
/// checks its key); anything else, or a damaged file, is a miss, and a
/// miss costs only the ordinary load. Writing is best effort: a
/// read-only or full disk leaves the reader as fast as it was without.
public struct HyphenationSnapshotStore: HyphenationSnapshotKeeping {
    public let directory: String
    /// Larger files are not snapshots of ours (German, the largest, is about 9 MB).
    static let largestSnapshot = 64 << 20

    public init(directory: String) { self.directory = directory }

    /// `$CACHE_DIRECTORY` (systemd), else `$XDG_CACHE_HOME/ebook-fb`, else
    /// `~/.cache/ebook-fb`; the snapshots go in its `hyphenation` folder.
    public static func defaultDirectory(environment: [String: String]) -> String {
        UserDirectories.folder(systemd: "CACHE_DIRECTORY", xdg: "XDG_CACHE_HOME", underHome: ".cache",
                               environment: environment) + "/hyphenation"
    }

    /// The snapshot kept for the dictionary at `dictionaryPath`, if any.
    public func snapshot(ofDictionary dictionaryPath: String) -> [UInt8]? {
        SnapshotFile.read(snapshotPath(for: dictionaryPath), limit: Self.largestSnapshot)
    }

    /// Writes the snapshot of the dictionary at `dictionaryPath` to a
    /// temporary file renamed into place, so a reader never sees half of
    /// one. False when it could not be written.
    @discardableResult
    public func save(snapshot bytes: [UInt8], ofDictionary dictionaryPath: String) -> Bool {
        SnapshotFile.write(bytes, to: snapshotPath(for: dictionaryPath), in: directory)
    }

    /// Removes what a power cut or kill -9 in the middle of a save left:
    /// megabytes each, they must not stay for good.
    public func removeAbandonedFiles() {
        AtomicFile.removeAbandonedTemporaryFiles(in: directory)
    }

    public func snapshotPath(for dictionaryPath: String) -> String {
        let name = dictionaryPath.split(separator: "/").last.map(String.init) ?? "dictionary"
        let pathHash = Array(dictionaryPath.utf8).withUnsafeBytes(ByteHash.hash64)
        return "\(directory)/\(name)-\(String(pathHash >> 32, radix: 16)).snapshot"
    }
}
