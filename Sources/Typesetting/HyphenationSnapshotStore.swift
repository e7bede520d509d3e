import CHyphen
import Glibc
import LinuxSystem

/// Snapshots of loaded hyphenation dictionaries in the reader's cache
/// folder, one file per dictionary. A snapshot is used only when made from
/// the same dictionary file (path, size, modification time, inode) by the
/// same libhyphen library; anything else, or a damaged file, is a miss,
/// and a miss costs only the ordinary load. Writing is best effort: a
/// read-only or full disk leaves the reader as fast as it was without.
public struct HyphenationSnapshotStore: Sendable {
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

    /// The dictionary at `dictionaryPath` as its snapshot rebuilds it; nil
    /// when there is no snapshot of this very file.
    func load(dictionaryPath: String) -> SnapshotDictionary? {
        guard let key = Self.key(dictionaryPath: dictionaryPath),
              let bytes = SnapshotFile.read(snapshotPath(for: dictionaryPath), limit: Self.largestSnapshot) else { return nil }
        return bytes.withUnsafeBytes { HyphenationSnapshot.decode($0, key: key) }
    }

    /// Writes the snapshot of `dictionary`, loaded from `dictionaryPath`,
    /// to a temporary file renamed into place, so a reader never sees half
    /// of one. False when it could not be written.
    @discardableResult
    func save(_ dictionary: UnsafePointer<HyphenDict>, dictionaryPath: String) -> Bool {
        guard let key = Self.key(dictionaryPath: dictionaryPath) else { return false }
        return SnapshotFile.write(HyphenationSnapshot.encode(dictionary, key: key),
                                  to: snapshotPath(for: dictionaryPath), in: directory)
    }

    /// Removes what a power cut or kill -9 in the middle of a save left:
    /// megabytes each, they must not stay for good.
    func removeAbandonedFiles() {
        AtomicFile.removeAbandonedTemporaryFiles(in: directory)
    }

    func snapshotPath(for dictionaryPath: String) -> String {
        let name = dictionaryPath.split(separator: "/").last.map(String.init) ?? "dictionary"
        let pathHash = Array(dictionaryPath.utf8).withUnsafeBytes(ByteHash.hash64)
        return "\(directory)/\(name)-\(String(pathHash >> 32, radix: 16)).snapshot"
    }

    /// What a snapshot must have been made from: the dictionary file as it
    /// is now, and the libhyphen that loaded it. nil when the file is gone.
    static func key(dictionaryPath: String) -> String? {
        var file = stat()
        guard stat(dictionaryPath, &file) == 0 else { return nil }
        return "\(dictionaryPath)\n\(file.st_size) \(file.st_mtim.tv_sec).\(file.st_mtim.tv_nsec) \(file.st_ino)\n"
            + libraryIdentity
    }

    /// The libhyphen file this process loaded, with its size and time: a
    /// new libhyphen may build its dictionaries differently. Found in the
    /// process's memory map, the loader's own record of it, once a process:
    /// a loaded library does not change.
    private static let libraryIdentity: String = {
        guard let maps = fopen("/proc/self/maps", "r") else { return "libhyphen (unknown)" }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let text = line {
            guard strstr(text, "/libhyphen") != nil, let slash = strchr(text, 0x2F) else { continue }
            let path = String(String(cString: slash).prefix { $0 != "\n" })
            var file = stat()
            guard stat(path, &file) == 0 else { return path }
            return "\(path) \(file.st_size) \(file.st_mtim.tv_sec).\(file.st_mtim.tv_nsec)"
        }
        return "libhyphen (unknown)"
    }()
}
