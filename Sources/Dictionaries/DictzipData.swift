import LinuxSystem

/// A dictzip file (`.dict.dz`): an entry's bytes come from the few chunks
/// that hold them, each read and inflated alone; the file is never
/// inflated whole.
final class DictzipData: DefinitionData {
    private let file: FileDescriptor
    private let header: DictzipHeader
    /// Chunks inflated lately, the latest last: an entry and the next one
    /// asked for (a word's, then its stem's) often share a chunk.
    private var recentChunks: [(index: Int, bytes: [UInt8])] = []
    private static let chunksKept = 4

    var size: Int { header.size }

    /// Takes `file` over: it is closed with this.
    init(file: FileDescriptor, header: DictzipHeader) {
        self.file = file
        self.header = header
    }

    deinit { file.close() }

    func bytes(at offset: Int, count: Int) throws(DictionaryError) -> [UInt8] {
        try DefinitionFile.checkEntry(at: offset, count: count, size: size, path: file.path)
        guard count > 0 else { return [] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let first = offset / header.chunkLength, last = (offset + count - 1) / header.chunkLength
        for index in first...last {
            let chunk = try self.chunk(index)
            let chunkStart = index * header.chunkLength
            let from = max(offset, chunkStart) - chunkStart
            let to = min(offset + count, chunkStart + chunk.count) - chunkStart
            bytes += chunk[from..<to]
        }
        return bytes
    }

    /// Chunk `index` inflated (from the recent ones when it is there).
    private func chunk(_ index: Int) throws(DictionaryError) -> [UInt8] {
        if let kept = recentChunks.firstIndex(where: { $0.index == index }) {
            let chunk = recentChunks.remove(at: kept)
            recentChunks.append(chunk)
            return chunk.bytes
        }
        let compressed: [UInt8]
        let start = header.chunkStarts[index], end = header.chunkStarts[index + 1]
        do throws(SystemError) {
            compressed = try file.readBytes(count: end - start, fromOffset: start)
        } catch {
            throw DictionaryError(path: file.path, problem: "cannot be read (\(error))")
        }
        let expected = index == header.chunkCount - 1 ? header.size - index * header.chunkLength : header.chunkLength
        guard compressed.count == end - start, let bytes = Inflation.inflateChunk(compressed, expected: expected) else {
            throw DictionaryError(path: file.path, problem: "chunk \(index + 1) of \(header.chunkCount) is damaged")
        }
        if recentChunks.count == Self.chunksKept { recentChunks.removeFirst() }
        recentChunks.append((index, bytes))
        return bytes
    }
}
