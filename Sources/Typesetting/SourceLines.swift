/// One line of the decoded text, as found between LFs.
struct SourceLine: Equatable {
    /// Byte range into the decoded UTF-8, without the LF.
    var bytes: Range<Int>
    /// Scalar offset of the line's first character in the decoded text.
    var scalarStart: Int
    /// Characters on the line, without the LF.
    var scalarCount: Int
    /// Leading spaces and tabs, in characters.
    var indent: Int
    /// Display columns of the text after the indent, without trailing white
    /// space (East Asian wide characters count two).
    var columns: Int

    var isBlank: Bool { columns == 0 }
}

/// Splits decoded text into lines in one pass over the bytes.
enum SourceLines {
    static func split(_ utf8: [UInt8]) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(utf8.count / 40)
        utf8.withUnsafeBufferPointer { bytes in
            var index = 0
            var scalarOffset = 0
            while index < bytes.count {
                let lineStart = index
                let scalarStart = scalarOffset
                var indent = 0
                var leading = true
                var columns = 0
                var columnsAtLastInk = 0
                while index < bytes.count, bytes[index] != 0x0A {
                    let (scalar, length) = decodeScalar(bytes, at: index)
                    index += length
                    scalarOffset += 1
                    let isSpace = scalar == 0x20 || scalar == 0x09
                    if leading, isSpace { indent += 1; continue }
                    leading = false
                    columns += columnWidth(of: scalar)
                    if !isSpace { columnsAtLastInk = columns }
                }
                lines.append(SourceLine(bytes: lineStart..<index, scalarStart: scalarStart,
                                        scalarCount: scalarOffset - scalarStart,
                                        indent: indent, columns: columnsAtLastInk))
                if index < bytes.count { index += 1; scalarOffset += 1 } // the LF
            }
        }
        return lines
    }

    /// Decodes the scalar at `index` of text that is known to be valid UTF-8.
    @inline(__always)
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// Two columns for East Asian wide and full-width characters, else one.
    @inline(__always)
    static func columnWidth(of scalar: UInt32) -> Int {
        if scalar < 0x1100 { return 1 }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
