/// Where a window of a large file is cut.
enum WindowCut {
    /// Where to cut a window of `bytes` so that no paragraph is split: after
    /// the last blank line, else after the last line end, else at a
    /// character boundary. `unit` is 2 for UTF-16 (with `bigEndian`), else 1.
    static func cutPoint(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, unit: Int, bigEndian: Bool) -> Int {
        let count = bytes.count
        func isLineFeed(_ index: Int) -> Bool {
            guard index >= start, index + unit <= count else { return false }
            if unit == 1 { return bytes[index] == 0x0A }
            let high = bigEndian ? bytes[index] : bytes[index + 1]
            let low = bigEndian ? bytes[index + 1] : bytes[index]
            return high == 0 && low == 0x0A
        }
        func isCarriageReturn(_ index: Int) -> Bool {
            guard index >= start, index + unit <= count else { return false }
            if unit == 1 { return bytes[index] == 0x0D }
            return (bigEndian ? bytes[index + 1] : bytes[index]) == 0x0D && (bigEndian ? bytes[index] : bytes[index + 1]) == 0
        }
        let alignedEnd = start + (count - start) / unit * unit
        var lastLineEnd: Int?
        var index = alignedEnd - unit
        while index >= start {
            if isLineFeed(index) {
                if lastLineEnd == nil { lastLineEnd = index + unit }
                var previous = index - unit
                if isCarriageReturn(previous) { previous -= unit }
                if isLineFeed(previous) { return index + unit }
            }
            index -= unit
        }
        if let lastLineEnd { return lastLineEnd }
        // One enormous line: cut before a partial character.
        var end = alignedEnd
        if unit == 1 {
            var back = 0
            while back < 4, end - back - 1 >= start, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
            if end - back - 1 >= start, bytes[end - back - 1] >= 0xC0 { end -= back + 1 }
        } else if end - 2 >= start {
            let high = bigEndian ? bytes[end - 2] : bytes[end - 1]
            if (0xD8...0xDB).contains(high) { end -= 2 } // a lone high surrogate
        }
        return end
    }
}
