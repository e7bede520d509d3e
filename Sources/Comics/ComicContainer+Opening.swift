import LinuxSystem

extension ComicContainer {
    /// Files of a folder listed at most this deep and this many.
    static let folderDepth = 8
    static let maximumMembers = 100_000

    /// Opens the archive or folder at `path` and lists its members.
    public static func open(path: String) throws(ComicError) -> ComicContainer {
        let status: FileStatus
        do {
            status = try FileSystem.status(path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        if status.isDirectory { return try openFolder(path) }
        let file: FileDescriptor
        do {
            file = try RegularFile.open(path)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        do {
            if let directory = try zipDirectory(file, size: status.size) {
                return ComicContainer(path: path, members: members(of: directory), file: file)
            }
            return ComicContainer(path: path, members: try listedByLibarchive(path), file: file)
        } catch {
            file.close()
            if let error = error as? ComicError { throw error }
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    /// The central directory when the file is a zip archive that has a sound one.
    private static func zipDirectory(_ file: FileDescriptor, size: Int) throws -> ZipDirectory? {
        let head = try file.readBytes(count: 4)
        guard head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06] else { return nil }
        return try ZipDirectory.read(file, fileSize: size)
    }

    static func members(of directory: ZipDirectory) -> [Member] {
        directory.entries.filter { !$0.isDirectory }.prefix(maximumMembers).map { entry in
            Member(name: entry.name, size: entry.size,
                   location: entry.method == 0 ? .zipStored(entry) : .zipCompressed(localHeaderOffset: entry.localHeaderOffset))
        }
    }

    /// Every regular file of an archive libarchive reads from its start,
    /// each skipped rather than read (a seek where the file allows). A
    /// damaged or cut archive keeps the members listed before the damage.
    private static func listedByLibarchive(_ path: String) throws(ComicError) -> [Member] {
        let handle = try ArchiveHandle(path: path)
        var members: [Member] = []
        var index = 0
        while members.count < maximumMembers {
            let next: ArchiveHandle.Header?
            do {
                next = try handle.next()
            } catch {
                if members.isEmpty { throw error }
                break
            }
            guard let header = next else { break }
            defer { index += 1 }
            guard header.isRegularFile else { continue }
            let location: Member.Location = header.storedOffset.map { .stored(offset: $0) } ?? .sequential(index: index)
            members.append(Member(name: header.name, size: header.size, location: location))
        }
        return members
    }

    /// The files of a folder and the folders in it, named by their path inside it.
    private static func openFolder(_ path: String) throws(ComicError) -> ComicContainer {
        var members: [Member] = []
        var pending: [(folder: String, prefix: String, depth: Int)] = [(path, "", 0)]
        while let (folder, prefix, depth) = pending.popLast(), members.count < maximumMembers {
            let names: [String]
            do {
                names = try FileSystem.directoryEntries(folder)
            } catch {
                if depth == 0 { throw .unreadable(path: path, reason: "\(error)") }
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let full = folder + "/" + name
                guard let status = try? FileSystem.status(full) else { continue }
                if status.isDirectory, depth + 1 < folderDepth {
                    pending.append((full, prefix + name + "/", depth + 1))
                } else if status.isRegularFile {
                    members.append(Member(name: prefix + name, size: status.size, location: .file(path: full)))
                }
            }
        }
        return ComicContainer(path: path, members: members, file: nil)
    }
}
