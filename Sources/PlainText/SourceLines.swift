import BookModel
import Glibc

/// One line of the decoded text, as found between LFs. Stored in 32-bit
/// fields (24 bytes, not 48): a long novel has some 65,000 lines, and a
/// decoded text stays far below 4 GB (a window of `Book.largeBookWindow`
/// bytes at most triples when decoded).
struct SourceLine: Equatable {
    private var byteStart: UInt32
    private var byteEnd: UInt32
    private var storedScalarStart: UInt32
    private var storedScalarCount: UInt32
    private var storedIndent: UInt32
    private var storedColumns: UInt32

    /// The top bit of `storedColumns`: the line may be a heading's.
    private static let headingFlag: UInt32 = 1 << 31

    init(bytes: Range<Int>, scalarStart: Int, scalarCount: Int, indent: Int, columns: Int, mayBeHeading: Bool = false) {
        byteStart = UInt32(bytes.lowerBound)
        byteEnd = UInt32(bytes.upperBound)
        storedScalarStart = UInt32(scalarStart)
        storedScalarCount = UInt32(scalarCount)
        storedIndent = UInt32(indent)
        storedColumns = UInt32(columns) | (mayBeHeading ? Self.headingFlag : 0)
    }

    /// Byte range into the decoded UTF-8, without the LF.
    var bytes: Range<Int> { Int(byteStart)..<Int(byteEnd) }
    /// Scalar offset of the line's first character in the decoded text.
    var scalarStart: Int { Int(storedScalarStart) }
    /// Characters on the line, without the LF.
    var scalarCount: Int {
        get { Int(storedScalarCount) }
        set { storedScalarCount = UInt32(newValue) }
    }
    /// Leading spaces and tabs, in characters.
    var indent: Int { Int(storedIndent) }
    /// Display columns of the text after the indent, without trailing white
    /// space (East Asian wide characters count two).
    var columns: Int {
        get { Int(storedColumns & ~Self.headingFlag) }
        set { storedColumns = UInt32(newValue) | storedColumns & Self.headingFlag }
    }

    /// The line passes `HeadingDetector`'s byte test for a heading's first
    /// line, found while the line's bytes were read anyway: the detector
    /// then reads the text only for lines that pass.
    var mayBeHeading: Bool { storedColumns & Self.headingFlag != 0 }

    var isBlank: Bool { columns == 0 }
}

/// Splits decoded text into lines in one pass over the bytes.
enum SourceLines {
    static func split(_ utf8: [UInt8]) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(utf8.count / 40)
        utf8.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var index = 0
            var scalarOffset = 0
            while index < bytes.count {
                let lineStart = index
                let newline: UnsafeMutableRawPointer? = memchr(base + index, 0x0A, bytes.count - index)
                let lineEnd = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                var inkStart = lineStart
                while inkStart < lineEnd, bytes[inkStart] == 0x20 || bytes[inkStart] == 0x09 { inkStart += 1 }
                let mayBeHeading = HeadingDetector.mayBeHeadingLine(
                    ink: UnsafeBufferPointer(rebasing: bytes[inkStart..<lineEnd]))
                var line = SourceLine(bytes: lineStart..<lineEnd, scalarStart: scalarOffset, scalarCount: 0,
                                      indent: inkStart - lineStart, columns: 0, mayBeHeading: mayBeHeading)
                if isASCII(bytes, inkStart..<lineEnd) {
                    var inkEnd = lineEnd
                    while inkEnd > inkStart, bytes[inkEnd - 1] == 0x20 || bytes[inkEnd - 1] == 0x09 { inkEnd -= 1 }
                    line.scalarCount = lineEnd - lineStart
                    line.columns = inkEnd - inkStart
                } else {
                    (line.scalarCount, line.columns) = measure(bytes, inkStart..<lineEnd)
                    line.scalarCount += line.indent
                }
                lines.append(line)
                scalarOffset += line.scalarCount
                index = lineEnd
                if index < bytes.count { index += 1; scalarOffset += 1 } // the LF
            }
        }
        return lines
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var bits: UInt8 = 0
        for index in range { bits |= bytes[index] }
        return bits < 0x80
    }

    /// Characters and display columns (up to the last non-space) of text
    /// after a line's indent. Characters are counted as the bytes that do
    /// not continue one (a loop the compiler vectorises); only the few
    /// characters that may be wide are decoded.
    private static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (scalars: Int, columns: Int) {
        var inkEnd = range.upperBound
        while inkEnd > range.lowerBound, bytes[inkEnd - 1] == 0x20 || bytes[inkEnd - 1] == 0x09 { inkEnd -= 1 }
        let inkScalars = characterCount(bytes, range.lowerBound..<inkEnd)
        let scalars = inkScalars + (range.upperBound - inkEnd)
        return (scalars, inkScalars + extraWideColumns(bytes, range.lowerBound..<inkEnd))
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Eight bytes at a time: a byte continues a character when its top
    /// bits are 10 (bit 7 set, bit 6 clear).
    private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = range.count
        var index = range.lowerBound
        if let base = bytes.baseAddress {
            while index + 8 <= range.upperBound {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                count -= (word & ~(word << 1) & highBits).nonzeroBitCount
                index += 8
            }
        }
        for index in index..<range.upperBound where bytes[index] & 0xC0 == 0x80 { count -= 1 }
        return count
    }

    /// Columns beyond one per character: wide characters start at U+1100
    /// (lead byte E1); lead E2 with a second byte below BA (U+2000-U+2E7F:
    /// quotes, dashes, ellipses) is always narrow and needs no decoding.
    /// Eight bytes below E1 are skipped at once.
    private static func extraWideColumns(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var extra = 0
        var index = range.lowerBound
        while index < range.upperBound {
            if index + 8 <= range.upperBound, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // A byte is E1 or more when its top bit is set and its low
                // seven bits plus 1F reach 80 (no carry leaves a byte).
                if ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x1F1F_1F1F_1F1F_1F1F) & word & highBits == 0 { index += 8; continue }
            }
            let lead = bytes[index]
            guard lead >= 0xE1 else { index += 1; continue }
            // Valid UTF-8: a lead of E1 or more is followed by at least two bytes.
            if lead == 0xE2, bytes[index + 1] < 0xBA { index += 3; continue }
            let (scalar, length) = DecodedText.decodeScalar(bytes, at: index)
            extra += columnWidth(of: scalar) - 1
            index += length
        }
        return extra
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
