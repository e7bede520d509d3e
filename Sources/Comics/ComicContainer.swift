import LinuxSystem
import Threading

/// The members of a comic's archive or folder, listed once when it is
/// opened with where each one's bytes are, and read by name from any
/// thread: a zip member through the central directory (a stored one
/// straight from the file), an uncompressed tar member straight from the
/// file, a member of any other archive by reading on from the last one
/// read (or from the start when it lies behind).
public final class ComicContainer: @unchecked Sendable {
    /// A member and where its bytes are.
    struct Member: Equatable {
        enum Location: Equatable {
            /// `size` bytes at `offset` of the archive file, as they are.
            case stored(offset: Int)
            /// A zip member stored without compression, after its local header.
            case zipStored(ZipDirectory.Entry)
            /// A compressed zip member: libarchive reads it from its local header.
            case zipCompressed(localHeaderOffset: Int)
            /// The `index`th entry of an archive read from its start (7z, RAR, compressed tar).
            case sequential(index: Int)
            /// A file of a folder.
            case file(path: String)
        }

        var name: String
        /// nil when the archive does not say before its bytes are read.
        var size: Int?
        var location: Location
    }

    /// The archive file or the folder.
    public let path: String
    let members: [Member]
    private let memberIndex: [String: Int]
    /// Open while the container is: every read of an archive goes through it.
    private let file: FileDescriptor?
    private let cursorLock = Condition()
    /// The reader of a sequential archive and the index of the entry it reaches next.
    private var cursor: (handle: ArchiveHandle, next: Int)?

    init(path: String, members: [Member], file: FileDescriptor?) {
        self.path = path
        self.members = members
        self.file = file
        var index: [String: Int] = [:]
        for (position, member) in members.enumerated() where index[member.name] == nil { index[member.name] = position }
        memberIndex = index
    }

    deinit { file?.close() }

    /// The member names in the archive's (or the folder's listing) order.
    public var names: [String] { members.map(\.name) }

    /// Whether the container holds a member called `name`.
    public func contains(_ name: String) -> Bool { memberIndex[name] != nil }

    /// The bytes of member `name`; throws when they are more than `limit`.
    public func read(_ name: String, limit: Int) throws(ComicError) -> [UInt8] {
        try read(name, count: Int.max, limit: limit)
    }

    /// The first `count` bytes of member `name` (all of it when shorter).
    public func prefix(of name: String, count: Int) throws(ComicError) -> [UInt8] {
        try read(name, count: count, limit: Int.max)
    }

    private func read(_ name: String, count: Int, limit: Int) throws(ComicError) -> [UInt8] {
        guard let position = memberIndex[name] else {
            throw .unreadableMember(path: path, member: name, reason: "no such member")
        }
        let member = members[position]
        if let size = member.size, size > limit, count > limit {
            throw .memberTooLarge(path: path, member: name, limit: limit)
        }
        do {
            switch member.location {
            case let .stored(offset):
                return try readFile(offset: offset, count: min(count, member.size ?? 0), member: name)
            case let .zipStored(entry):
                guard !entry.isEncrypted else { throw ComicError.unreadableMember(path: path, member: name, reason: "encrypted") }
                guard let file, let offset = try ZipDirectory.dataOffset(of: entry, in: file) else {
                    throw ComicError.unreadableMember(path: path, member: name, reason: "no local header where the directory says")
                }
                return try readFile(offset: offset, count: min(count, entry.size), member: name)
            case let .zipCompressed(localHeaderOffset):
                guard let file else { throw ComicError.unreadableMember(path: path, member: name, reason: "archive closed") }
                let handle = try ArchiveHandle(zipMemberOf: file, at: localHeaderOffset)
                guard try handle.next() != nil else {
                    throw ComicError.unreadableMember(path: path, member: name, reason: "no local header where the directory says")
                }
                return try handle.data(member: name, count: count, limit: limit)
            case let .sequential(index):
                return try readSequentially(index: index, member: name, count: count, limit: limit)
            case let .file(memberPath):
                let opened = try RegularFile.open(memberPath)
                defer { opened.close() }
                let size = Int(try opened.status().st_size)
                guard size <= limit || count <= limit else { throw ComicError.memberTooLarge(path: path, member: name, limit: limit) }
                return try opened.readBytes(count: min(count, size))
            }
        } catch let error as ComicError {
            throw error
        } catch {
            throw .unreadableMember(path: path, member: name, reason: "\(error)")
        }
    }

    private func readFile(offset: Int, count: Int, member: String) throws -> [UInt8] {
        guard let file else { throw ComicError.unreadableMember(path: path, member: member, reason: "archive closed") }
        let bytes = try file.readBytes(count: count, fromOffset: offset)
        guard bytes.count == count else { throw ComicError.unreadableMember(path: path, member: member, reason: "the archive ends early") }
        return bytes
    }

    /// Reads on from the entry the last read reached, or again from the
    /// start when `index` lies behind it: reading pages forward, as a
    /// reader does, reads the archive once.
    private func readSequentially(index: Int, member: String, count: Int, limit: Int) throws(ComicError) -> [UInt8] {
        cursorLock.lock()
        defer { cursorLock.unlock() }
        var handle: ArchiveHandle, next: Int
        if let reached = cursor, reached.next <= index {
            (handle, next) = reached
        } else {
            (handle, next) = (try ArchiveHandle(path: path), 0)
        }
        cursor = nil
        while next < index {
            guard try handle.next() != nil else { throw .unreadableMember(path: path, member: member, reason: "the archive ends early") }
            next += 1
        }
        guard try handle.next() != nil else { throw .unreadableMember(path: path, member: member, reason: "the archive ends early") }
        let bytes = try handle.data(member: member, count: count, limit: limit)
        cursor = (handle, index + 1)
        return bytes
    }
}
