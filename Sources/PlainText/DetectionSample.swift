import BookStorage

/// The bytes an encoding is guessed from: pieces spread evenly over the
/// whole file, not only its start (a book's first pages are often a plain
/// ASCII licence or title page). Each piece is cut at line ends, which no
/// ASCII-compatible charset uses inside a character, so no character is
/// split; the pieces are joined with line feeds.
enum DetectionSample {
    static let pieceLength = 16 * 1024
    static let pieceCount = 8

    /// The sample of a file of `fileSize` bytes whose first `window.count`
    /// bytes are in memory; pieces past the window are read from `path`.
    static func make(window: UnsafeBufferPointer<UInt8>, fileSize: Int, path: String?) -> [UInt8] {
        if fileSize <= pieceLength * pieceCount {
            return Array(window)
        }
        var sample: [UInt8] = []
        sample.reserveCapacity(pieceLength * pieceCount + pieceCount)
        let stride = (fileSize - pieceLength) / (pieceCount - 1)
        // A file that cannot be read again gives no pieces past the window.
        let file = path.flatMap(BookFileReader.pieces(ofFileAt:))
        for index in 0..<pieceCount {
            let offset = index * stride
            var piece: [UInt8]
            if offset + pieceLength <= window.count {
                piece = Array(window[offset..<(offset + pieceLength)])
            } else if let file, let read = file.read(count: pieceLength, fromOffset: offset) {
                piece = read
            } else {
                continue
            }
            let cut = linesWithin(piece, isFirst: offset == 0)
            if !sample.isEmpty { sample.append(0x0A) }
            sample.append(contentsOf: piece[cut])
        }
        return sample
    }

    /// The whole lines of a piece: from after its first line feed (unless
    /// it starts the file) to after its last; the piece as it is when it
    /// has no line feed.
    static func linesWithin(_ piece: [UInt8], isFirst: Bool) -> Range<Int> {
        guard let first = piece.firstIndex(of: 0x0A), let last = piece.lastIndex(of: 0x0A) else {
            return 0..<piece.count
        }
        let start = isFirst ? 0 : first + 1
        return start <= last ? start..<(last + 1) : 0..<piece.count
    }

    /// The lines of `sample` that hold a byte above ASCII: lines of plain
    /// ASCII say nothing of the charset, and an English licence before a
    /// Russian text would make the detector's language models see English.
    static func linesAboveASCII(_ sample: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(sample.count)
        var lineStart = 0, lineHasHighByte = false
        for (index, byte) in sample.enumerated() {
            if byte >= 0x80 { lineHasHighByte = true }
            if byte == 0x0A || index == sample.count - 1 {
                if lineHasHighByte { kept.append(contentsOf: sample[lineStart...index]) }
                lineStart = index + 1
                lineHasHighByte = false
            }
        }
        return kept
    }
}
