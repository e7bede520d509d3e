extension Book {
    /// The paragraph holding scalar offset `offset`: the last one starting
    /// at or before it (the first for an offset before every paragraph).
    public func paragraphIndex(containing offset: Int) -> Int {
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphs[mid].scalars.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return max(0, low)
    }

    /// The byte of the decoded text where scalar `offset` starts (the end
    /// for an offset past it), found from the paragraph at or before it.
    public func byteOffset(ofScalar offset: Int) -> Int {
        let bytes = text.utf8
        guard offset > 0 else { return 0 }
        guard offset < text.scalarCount else { return bytes.count }
        var byte = 0, scalar = 0
        if !paragraphs.isEmpty, paragraphs[0].scalars.lowerBound <= offset {
            let paragraph = paragraphs[paragraphIndex(containing: offset)]
            (byte, scalar) = offset <= paragraph.scalars.upperBound
                ? (paragraph.bytes.lowerBound, paragraph.scalars.lowerBound)
                : (paragraph.bytes.upperBound, paragraph.scalars.upperBound)
        }
        while scalar < offset, byte < bytes.count {
            byte += 1
            while byte < bytes.count, bytes[byte] & 0xC0 == 0x80 { byte += 1 }
            scalar += 1
        }
        return byte
    }

    /// The book's text of the scalars `range`.
    public func excerpt(_ range: Range<Int>) -> String {
        let start = byteOffset(ofScalar: range.lowerBound), end = byteOffset(ofScalar: range.upperBound)
        return start < end ? String(decoding: text.utf8[start..<end], as: UTF8.self) : ""
    }

    /// The scalars of the paragraph holding scalar `offset`, with that
    /// paragraph's first offset; nil between paragraphs.
    public func paragraphScalars(holding offset: Int) -> (start: Int, scalars: [Unicode.Scalar])? {
        guard !paragraphs.isEmpty else { return nil }
        let index = paragraphIndex(containing: offset)
        guard paragraphs[index].scalars.contains(offset) else { return nil }
        return (paragraphs[index].scalars.lowerBound, Array(string(of: paragraphs[index]).unicodeScalars))
    }
}
