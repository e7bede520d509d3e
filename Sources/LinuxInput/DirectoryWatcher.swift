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
    public let path: String
    private let file: FileDescriptor
    private var pending: [UInt8] = []

    public init(path: String) throws(SystemError) {
        let fd = try Syscall.retrying(operation: "inotify_init1", path: path) { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        let file = FileDescriptor(rawValue: fd, path: path)
        let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "inotify_add_watch", path: path) { inotify_add_watch(fd, path, mask) }
        } catch {
            file.close()
            throw error
        }
        self.path = path
        self.file = file
    }

    deinit {
        file.close()
    }

    /// The descriptor to poll.
    public var fileDescriptor: Int32 { file.rawValue }

    /// Changes that arrived since the last call (empty when none).
    public func readChanges() throws(SystemError) -> [DirectoryChange] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16384, alignment: 8)
        defer { buffer.deallocate() }
        while let count = try file.read(into: buffer), count > 0 {
            pending += buffer[0..<count]
        }
        let (changes, used) = Self.parse(pending)
        pending.removeFirst(used)
        return changes
    }

    /// Decodes `struct inotify_event` records (wd, mask, cookie, len, then a
    /// NUL-padded name); returns the changes and how many bytes were whole records.
    static func parse(_ bytes: [UInt8]) -> (changes: [DirectoryChange], used: Int) {
        var changes: [DirectoryChange] = []
        var offset = 0
        func word(_ at: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
        }
        while offset + 16 <= bytes.count {
            let mask = word(offset + 4)
            let length = Int(word(offset + 12))
            guard offset + 16 + length <= bytes.count else { break }
            let name = String(decoding: bytes[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
            offset += 16 + length
            guard !name.isEmpty else { continue }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { changes.append(.created(name)) }
            if mask & UInt32(IN_ATTRIB) != 0 { changes.append(.attributesChanged(name)) }
            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { changes.append(.removed(name)) }
        }
        return (changes, offset)
    }
}
