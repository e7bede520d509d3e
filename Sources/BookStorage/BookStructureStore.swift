import Glibc
import LinuxSystem

/// Snapshots of text books' paragraphs in the reader's cache folder, one file
/// per text, named by the text's hash: a book opened again (every boot of
/// a kiosk) is decoded as always but not cut into paragraphs again. A
/// snapshot is used only for the very text and program it was made from
/// (the text format checks that); a miss costs only the ordinary cutting.
/// Writing is best effort: a read-only or full disk leaves the reader as
/// fast as it was without. The folder keeps the latest `keptSnapshots`.
public struct BookStructureStore: Sendable {
    public let directory: String
    public static let keptSnapshots = 32
    /// Larger files are not snapshots of ours: 8 MB of text has at most some 400,000 paragraphs.
    static let largestSnapshot = 16 << 20

    public init(directory: String) { self.directory = directory }

    /// The `books` folder of the reader's cache folder (see `HyphenationSnapshotStore`).
    public static func defaultDirectory(environment: [String: String]) -> String {
        UserDirectories.folder(systemd: "CACHE_DIRECTORY", xdg: "XDG_CACHE_HOME", underHome: ".cache",
                               environment: environment) + "/books"
    }

    /// The snapshot saved for the text of hash `hash`, if any.
    public func snapshot(forHash hash: UInt64) -> [UInt8]? {
        SnapshotFile.read(path(forHash: hash), limit: Self.largestSnapshot)
    }

    /// Writes the snapshot (see `SnapshotFile.write`), then lets the oldest go.
    @discardableResult
    public func save(snapshot bytes: [UInt8], forHash hash: UInt64) -> Bool {
        guard SnapshotFile.write(bytes, to: path(forHash: hash), in: directory) else { return false }
        removeOldest()
        return true
    }

    public func path(forHash hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return "\(directory)/\(String(repeating: "0", count: 16 - hex.count))\(hex).structure"
    }

    /// Keeps the snapshots used or made last (a snapshot read is not
    /// touched: its time is when it was made, close enough for a cache).
    private func removeOldest() {
        guard let names = try? FileSystem.directoryEntries(directory) else { return }
        let snapshots = names.filter { $0.hasSuffix(".structure") }
        guard snapshots.count > Self.keptSnapshots else { return }
        let dated = snapshots.compactMap { name -> (name: String, time: Double)? in
            guard let status = try? FileSystem.status(directory + "/" + name) else { return nil }
            return (name, Double(status.modified))
        }.sorted { $0.time < $1.time }
        for old in dated.prefix(dated.count - Self.keptSnapshots) {
            try? FileSystem.removeFile(directory + "/" + old.name)
        }
    }

    /// The program file this process runs, with its size and time: another
    /// build may cut paragraphs differently.
    public static let programIdentity: String = {
        var file = stat()
        guard stat("/proc/self/exe", &file) == 0 else { return "program (unknown)" }
        return "\(file.st_size) \(file.st_mtim.tv_sec).\(file.st_mtim.tv_nsec) \(file.st_ino)"
    }()
}
