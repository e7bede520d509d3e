import LinuxSystem

/// The gzip header of a dictzip file: its random-access field (subfield
/// "RA" of FEXTRA) gives the uncompressed chunk length and each chunk's
/// compressed size, so any chunk can be found and inflated alone.
struct DictzipHeader: Equatable {
    /// Uncompressed bytes per chunk (the last chunk may hold fewer).
    var chunkLength: Int
    /// Where each chunk's compressed bytes start in the file, and where the last ends.
    var chunkStarts: [Int]
    /// The uncompressed length (gzip's ISIZE).
    var size: Int

    var chunkCount: Int { chunkStarts.count - 1 }

    /// The header of the gzip file open as `file`; nil for a gzip file
    /// without the random-access field; throws for one that is damaged.
    static func read(_ file: FileDescriptor, size fileSize: Int) throws(DictionaryError) -> DictzipHeader? {
        // The fixed header, FEXTRA (at most 65535 bytes) and a name and a comment of reasonable length.
        let head: [UInt8], tail: [UInt8]
        do throws(SystemError) {
            head = try file.readBytes(count: min(fileSize, 12 + 65535 + 8192))
            tail = try file.readBytes(count: 4, fromOffset: max(0, fileSize - 4))
        } catch {
            throw DictionaryError(path: file.path, problem: "cannot be read (\(error))")
        }
        do throws(HeaderError) {
            return try parse(head: head, tail: tail, fileSize: fileSize)
        } catch {
            throw DictionaryError(path: file.path, problem: "damaged dictzip header (\(error.reason))")
        }
    }

    struct HeaderError: Error {
        var reason: String
    }

    /// The header from the file's first bytes (`head`) and its last four (`tail`, ISIZE).
    static func parse(head: [UInt8], tail: [UInt8], fileSize: Int) throws(HeaderError) -> DictzipHeader? {
        guard head.count >= 18, tail.count == 4 else { throw HeaderError(reason: "too short") }
        guard head[0] == 0x1F, head[1] == 0x8B, head[2] == 8 else { throw HeaderError(reason: "not gzip's deflate") }
        let flags = head[3]
        // FEXTRA: without it there is no chunk table.
        guard flags & 4 != 0 else { return nil }
        let extraLength = Int(head[10]) | Int(head[11]) << 8
        guard 12 + extraLength <= head.count else { throw HeaderError(reason: "extra field past the end") }
        var table: ArraySlice<UInt8>?
        var field = 12
        while field + 4 <= 12 + extraLength {
            let length = Int(head[field + 2]) | Int(head[field + 3]) << 8
            guard field + 4 + length <= 12 + extraLength else { throw HeaderError(reason: "extra subfield past its field") }
            if head[field] == UInt8(ascii: "R"), head[field + 1] == UInt8(ascii: "A") {
                table = head[field + 4..<field + 4 + length]
            }
            field += 4 + length
        }
        guard let table else { return nil }
        var position = 12 + extraLength
        // FNAME and FCOMMENT end in a NUL; FHCRC is two bytes.
        for flag in [UInt8(8), 16] where flags & flag != 0 {
            guard let end = head[position...].firstIndex(of: 0) else { throw HeaderError(reason: "name or comment unterminated") }
            position = end + 1
        }
        if flags & 2 != 0 { position += 2 }
        return try chunks(table: Array(table), dataStart: position, fileSize: fileSize, tail: tail)
    }

    /// The chunk table (VER, CHLEN, CHCNT, then CHCNT sizes; little-endian 16-bit words), checked against the file.
    private static func chunks(table: [UInt8], dataStart: Int, fileSize: Int, tail: [UInt8]) throws(HeaderError) -> DictzipHeader {
        func word(_ index: Int) -> Int { Int(table[2 * index]) | Int(table[2 * index + 1]) << 8 }
        guard table.count >= 6, word(0) == 1 else { throw HeaderError(reason: "unknown random-access version") }
        let chunkLength = word(1), count = word(2)
        guard chunkLength > 0, count > 0, table.count >= 6 + 2 * count else { throw HeaderError(reason: "chunk table cut short") }
        var starts = [dataStart]
        starts.reserveCapacity(count + 1)
        for index in 0..<count { starts.append(starts[index] + word(3 + index)) }
        // The deflate data, then CRC32 and ISIZE.
        guard starts[count] + 8 <= fileSize else { throw HeaderError(reason: "chunks run past the end of the file") }
        let size = Int(tail[0]) | Int(tail[1]) << 8 | Int(tail[2]) << 16 | Int(tail[3]) << 24
        // ISIZE is the length modulo 2^32; no dictionary here comes near.
        guard (size + chunkLength - 1) / chunkLength == count else {
            throw HeaderError(reason: "\(count) chunks of \(chunkLength) bytes cannot hold \(size) bytes")
        }
        return DictzipHeader(chunkLength: chunkLength, chunkStarts: starts, size: size)
    }
}
