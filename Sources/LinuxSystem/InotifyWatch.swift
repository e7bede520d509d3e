import Glibc

/// One inotify record: what happened (the kernel's `IN_*` bits) and to
/// which name in the watched folder (empty for the folder itself and for
/// `IN_Q_OVERFLOW`, when the kernel dropped records).
public struct InotifyEvent: Equatable, Sendable {
    public var mask: UInt32
    public var name: String

    public init(mask: UInt32, name: String) {
        self.mask = mask
        self.name = name
    }

    /// True when any of `bits` (`IN_*` values) is set.
    public func has(_ bits: Int32) -> Bool { mask & UInt32(bitPattern: bits) != 0 }
}

/// An inotify watch on one path (non-blocking, close-on-exec): the
/// descriptor to poll and the records that arrived.
public final class InotifyWatch {
    public let path: String
    private let file: FileDescriptor
    private var pending: [UInt8] = []

    /// Watches `path` for the `IN_*` events in `mask`.
    public init(path: String, mask: Int32) throws(SystemError) {
        let fd = try Syscall.retrying(operation: "inotify_init1", path: path) { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        let file = FileDescriptor(rawValue: fd, path: path)
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "inotify_add_watch", path: path) {
                inotify_add_watch(fd, path, UInt32(bitPattern: mask))
            }
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

    /// Records that arrived since the last call (empty when none).
    public func readEvents() throws(SystemError) -> [InotifyEvent] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16384, alignment: 8)
        defer { buffer.deallocate() }
        while let count = try file.read(into: buffer), count > 0 {
            pending += buffer[0..<count]
        }
        let (events, used) = Self.parse(pending)
        pending.removeFirst(used)
        return events
    }

    /// Decodes `struct inotify_event` records (wd, mask, cookie, len, then a
    /// NUL-padded name); returns the records and how many bytes were whole records.
    public static func parse(_ bytes: [UInt8]) -> (events: [InotifyEvent], used: Int) {
        var events: [InotifyEvent] = []
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
            events.append(InotifyEvent(mask: mask, name: name))
        }
        return (events, offset)
    }
}
