import CZlib

/// zlib's inflate for the two shapes dictionaries come in: one dictzip
/// chunk (raw deflate, flushed at its end so it inflates alone) and a
/// whole gzip file.
enum Inflation {
    /// The `expected` bytes `compressed` inflates to as a raw deflate
    /// stream; nil when zlib refuses the data or it gives another count.
    static func inflateChunk(_ compressed: [UInt8], expected: Int) -> [UInt8]? {
        // -15: raw deflate, no zlib or gzip wrapper (dictzip's chunks have none of their own).
        guard let output = inflate(compressed, windowBits: -15, limit: expected), output.count == expected else { return nil }
        return output
    }

    /// A whole gzip member inflated, or nil when it is damaged or would
    /// pass `limit` bytes.
    static func gunzip(_ compressed: [UInt8], limit: Int) -> [UInt8]? {
        // 15 + 16: a gzip wrapper, its CRC and size checked by zlib.
        inflate(compressed, windowBits: 15 + 16, limit: limit, wholeStream: true)
    }

    private static func inflate(_ compressed: [UInt8], windowBits: Int32, limit: Int, wholeStream: Bool = false) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 65536)
        var ended = false
        let fed = compressed.withUnsafeBufferPointer { input -> Bool in
            // zlib does not write through next_in; its type predates const.
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let status = piece.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = piece.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return false }
                output += piece[..<produced]
                switch status {
                case Z_STREAM_END:
                    ended = true
                    return true
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    // All input taken and nothing more to give: a flushed chunk's end.
                    return true
                default:
                    return false
                }
            }
        }
        guard fed, ended || !wholeStream else { return nil }
        return output
    }
}
