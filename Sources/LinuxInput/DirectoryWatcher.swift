import Glibc
import LinuxSystem

/// A change inside a watched directory.
public enum DirectoryChange: Equatable, Sendable {
    case created(String)
    case attributesChanged(String)
    case removed(String)
}

/// Watches one directory with inotify (non-blocking): new entries,
/// permission changes (udev fixes modes after creating a node) and removals.
public final class DirectoryWatcher {
    private let watch: InotifyWatch

    public init(path: String) throws(SystemError) {
        watch = try InotifyWatch(path: path, mask: Int32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM))
    }

    public var path: String { watch.path }

    /// The descriptor to poll.
    public var fileDescriptor: Int32 { watch.fileDescriptor }

    /// Changes that arrived since the last call (empty when none).
    public func readChanges() throws(SystemError) -> [DirectoryChange] {
        Self.changes(in: try watch.readEvents())
    }

    /// Decodes inotify records into changes; returns them and how many bytes were whole records.
    static func parse(_ bytes: [UInt8]) -> (changes: [DirectoryChange], used: Int) {
        let (events, used) = InotifyWatch.parse(bytes)
        return (changes(in: events), used)
    }

    private static func changes(in events: [InotifyEvent]) -> [DirectoryChange] {
        var changes: [DirectoryChange] = []
        for event in events where !event.name.isEmpty {
            if event.has(Int32(IN_CREATE | IN_MOVED_TO)) { changes.append(.created(event.name)) }
            if event.has(Int32(IN_ATTRIB)) { changes.append(.attributesChanged(event.name)) }
            if event.has(Int32(IN_DELETE | IN_MOVED_FROM)) { changes.append(.removed(event.name)) }
        }
        return changes
    }
}
