import LinuxSystem

/// A snapshot file in the reader's cache folder, read and written the same
/// way whatever it holds.
enum SnapshotFile {
    /// The whole file at `path`; nil when it cannot be read or is larger
    /// than `limit` (it is not a snapshot of ours).
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let contents = try? BookFileReader.read(path: path, limit: limit),
              contents.bytes.count == contents.fileSize else { return nil }
        return contents.bytes
    }

    /// Writes `bytes` to `path` in `folder` (made when missing) through a
    /// temporary file renamed into place, so a reader never sees half of
    /// one; not synced to the disk: a snapshot torn by a power cut fails
    /// its hash and is a miss, and a start that made one need not wait for
    /// it to reach the card. What a cut or kill -9 left behind in the folder
    /// (megabytes each) is removed first. False when it could not be written.
    static func write(_ bytes: [UInt8], to path: String, in folder: String) -> Bool {
        do throws(SystemError) {
            try FileSystem.createDirectories(folder)
            _ = AtomicFile.removeAbandonedTemporaryFiles(in: folder)
            try AtomicFile.replace(path: path, contents: bytes, durability: .cached)
            return true
        } catch {
            return false
        }
    }
}
