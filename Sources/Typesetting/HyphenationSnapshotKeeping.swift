import CHyphen
import Glibc

/// Where snapshots of loaded hyphenation dictionaries are kept between
/// starts, by the dictionary file they were made from. Typesetting makes
/// and checks the bytes; the keeper only stores them.
public protocol HyphenationSnapshotKeeping: Sendable {
    /// The snapshot kept for the dictionary at `dictionaryPath`, if any.
    func snapshot(ofDictionary dictionaryPath: String) -> [UInt8]?
    /// Keeps `bytes` as the snapshot of the dictionary at
    /// `dictionaryPath`; false when they could not be written.
    @discardableResult
    func save(snapshot bytes: [UInt8], ofDictionary dictionaryPath: String) -> Bool
    /// Removes what a power cut or kill -9 in the middle of a save left.
    func removeAbandonedFiles()
}

extension HyphenationSnapshotKeeping {
    /// The dictionary at `dictionaryPath` as its snapshot rebuilds it; nil
    /// when there is no snapshot of this very file.
    func load(dictionaryPath: String) -> SnapshotDictionary? {
        guard let key = HyphenationSnapshotKey.key(dictionaryPath: dictionaryPath),
              let bytes = snapshot(ofDictionary: dictionaryPath) else { return nil }
        return bytes.withUnsafeBytes { HyphenationSnapshot.decode($0, key: key) }
    }

    /// Keeps the snapshot of `dictionary`, loaded from `dictionaryPath`.
    @discardableResult
    func save(_ dictionary: UnsafePointer<HyphenDict>, dictionaryPath: String) -> Bool {
        guard let key = HyphenationSnapshotKey.key(dictionaryPath: dictionaryPath) else { return false }
        return save(snapshot: HyphenationSnapshot.encode(dictionary, key: key), ofDictionary: dictionaryPath)
    }
}

/// What a hyphenation snapshot must have been made from.
enum HyphenationSnapshotKey {
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
