import BookFormats
import FoundationEssentials
import LinuxSystem

/// A reading position on disk and when it was last written.
public struct SavedReading: Equatable, Sendable {
    public var state: ReadingState
    /// Seconds since the epoch, from the state file's modification time.
    public var savedAt: Double

    public init(state: ReadingState, savedAt: Double) {
        self.state = state
        self.savedAt = savedAt
    }
}

/// Which book the kiosk opens at boot.
public enum KioskBookChoice {
    /// The configured book when there is one; else, of the folder's books,
    /// the one whose position was saved last; else the first by name.
    /// Nil when there is nothing to open.
    public static func choose(configuredBook: String?, folderBooks: [String], saved: [SavedReading]) -> String? {
        if let configuredBook { return configuredBook }
        let candidates = Set(folderBooks)
        let lastRead = saved.filter { candidates.contains($0.state.path) }.max { $0.savedAt < $1.savedAt }
        return lastRead?.state.path ?? folderBooks.sorted().first
    }

    /// The books directly in `folder` that its library lists (see
    /// `BookFormats.lists(fileAt:)`; not hidden), by name.
    public static func books(inFolder folder: String) throws(KioskConfigurationError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw KioskConfigurationError("\(folder): cannot list the books folder (missing, or not readable by the service)")
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let formats = BookFormats()
        return names.filter { name in !name.hasPrefix(".") && formats.lists(fileAt: base + name) }
            .sorted().map { base + $0 }
    }
}

extension StateStore {
    /// Every reading position this version can read; unreadable files are
    /// skipped. One decoder for all and plain reads: a library lists
    /// hundreds of them as it opens.
    public func savedReadings() -> [SavedReading] {
        guard let names = try? FileSystem.directoryEntries(directory) else { return [] }
        let decoder = JSONDecoder()
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            let path = directory + "/" + name
            guard let bytes = try? FileDescriptor.readFile(path),
                  let state = try? decoder.decode(ReadingState.self, from: Data(bytes)),
                  state.version == ReadingState.currentVersion,
                  let status = try? FileSystem.status(path) else { return nil }
            return SavedReading(state: state, savedAt: Double(status.modified) / 1_000_000_000)
        }
    }
}
