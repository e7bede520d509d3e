import BookModel

/// What a list of hits shows for one: the hit with some words of its
/// paragraph on each side, on one line (each run of white space one space,
/// none where a line end fell between two wide characters).
public struct HitContext: Sendable, Equatable {
    public let text: String
    /// Where the hit is in `text`, in scalars.
    public let hit: Range<Int>
    /// Words of the paragraph before (after) the text are left out.
    public let cutBefore: Bool
    public let cutAfter: Bool

    /// About `around` characters on each side, cut at white space where
    /// the paragraph has some there (not in Chinese or Japanese), never
    /// beyond the paragraphs the hit is in.
    public init(of hit: SearchHit, in book: Book, around: Int = 40) {
        let bytes = book.text.utf8
        let (lowerLimit, upperLimit) = Self.paragraphLimits(of: hit.bytes, in: book)
        var start = hit.bytes.lowerBound, end = hit.bytes.upperBound
        var count = 0
        while start > lowerLimit, count < around {
            start -= 1
            while start > lowerLimit, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            count += 1
        }
        if start > lowerLimit, let space = bytes[start..<hit.bytes.lowerBound].firstIndex(where: Self.isSpaceByte) {
            start = space + 1
        }
        count = 0
        while end < upperLimit, count < around {
            end += 1
            while end < upperLimit, bytes[end] & 0xC0 == 0x80 { end += 1 }
            count += 1
        }
        if end < upperLimit, let space = bytes[hit.bytes.upperBound..<end].lastIndex(where: Self.isSpaceByte) {
            end = space
        }
        cutBefore = start > lowerLimit
        cutAfter = end < upperLimit
        (text, self.hit) = Self.oneLine(bytes[start..<end], hit: hit.bytes)
    }

    /// The bytes of the paragraphs holding the hit's first and last
    /// characters (the hit's own ends where it is outside any paragraph).
    private static func paragraphLimits(of hit: Range<Int>, in book: Book) -> (Int, Int) {
        func paragraph(holding byte: Int) -> Range<Int>? {
            var low = 0, high = book.paragraphs.count
            while low < high {
                let middle = (low + high) / 2
                if book.paragraphs[middle].bytes.upperBound <= byte { low = middle + 1 } else { high = middle }
            }
            guard low < book.paragraphs.count, book.paragraphs[low].bytes.contains(byte) else { return nil }
            return book.paragraphs[low].bytes
        }
        let lower = paragraph(holding: hit.lowerBound)?.lowerBound ?? hit.lowerBound
        let upper = paragraph(holding: max(hit.lowerBound, hit.upperBound - 1))?.upperBound ?? hit.upperBound
        return (min(lower, hit.lowerBound), max(upper, hit.upperBound))
    }

    private static func isSpaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09
    }

    /// `slice` on one line, and where `hit` (bytes of the text) falls in
    /// it. Worked on as bytes: a results list makes one for every hit.
    private static func oneLine(_ slice: ArraySlice<UInt8>, hit: Range<Int>) -> (String, Range<Int>) {
        var line: [UInt8] = []
        line.reserveCapacity(slice.count)
        var count = 0, hitStart = 0, hitEnd: Int?
        var pendingSpace = false, pendingLineEnd = false
        var lastWide = false
        slice.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let byte = slice.startIndex + index
                if byte == hit.upperBound { hitEnd = count }
                let lead = bytes[index]
                let scalar: UInt32, length: Int
                if lead < 0x80 {
                    (scalar, length) = (UInt32(lead), 1)
                } else {
                    (scalar, length) = DecodedText.decodeScalar(bytes, at: index)
                }
                index += length
                if isWhitespace(scalar) {
                    if scalar == 0x0A { pendingLineEnd = true } else { pendingSpace = true }
                    continue
                }
                let wide = ScalarFolding.isWide(scalar)
                if count > 0, pendingSpace || (pendingLineEnd && !(lastWide && wide)) {
                    line.append(0x20)
                    count += 1
                }
                pendingSpace = false
                pendingLineEnd = false
                if byte == hit.lowerBound { hitStart = count }
                if length == 1 {
                    line.append(lead)
                } else {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index - length..<index]))
                }
                count += 1
                lastWide = wide
            }
        }
        return (String(decoding: line, as: UTF8.self), hitStart..<max(hitStart, hitEnd ?? count))
    }

    @inline(__always)
    private static func isWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar == 0x20 || (0x09...0x0D).contains(scalar) }
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }
}
