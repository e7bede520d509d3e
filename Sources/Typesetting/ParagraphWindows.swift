import BookModel
import CFriBidi

/// Where a long paragraph is cut into windows that are shaped, broken into
/// lines and paginated one after another, so that the memory and time
/// laying out a paragraph takes do not grow with its length. A paragraph of
/// at most `length` characters is one window. The cuts depend on the text
/// alone, never on the font or the page, so a place in the paragraph is
/// always in the same window.
struct ParagraphWindows: Equatable {
    /// Most characters in a window.
    static let length = 32_768
    /// A window is cut in its last quarter, at the best place found there.
    static let searched = length / 4

    /// Each window's first character, relative to the paragraph, and its
    /// byte in the book's text; the last entries are the paragraph's end.
    private(set) var starts: [Int]
    private(set) var byteStarts: [Int]
    /// The whole paragraph's direction (UAX #9 rule P2) when it has more
    /// than one window, so that every window is set alike; `.auto` for one.
    private(set) var direction: BidiParagraph.Direction

    var count: Int { starts.count - 1 }

    /// The characters of window `window`, relative to the paragraph.
    func characters(of window: Int) -> Range<Int> { starts[window]..<starts[window + 1] }

    /// The bytes of window `window` in the book's text.
    func bytes(of window: Int) -> Range<Int> { byteStarts[window]..<byteStarts[window + 1] }

    /// The window holding character `offset` (relative to the paragraph;
    /// before the start is the first window, past the end the last).
    func window(containing offset: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The windows of `paragraph`, whose text is in `utf8`; one unless `cuts`.
    init(_ paragraph: Paragraph, utf8: [UInt8], cuts: Bool = true) {
        let count = paragraph.scalars.count
        starts = [0]
        byteStarts = [paragraph.bytes.lowerBound]
        direction = .auto
        guard count > Self.length, cuts else {
            starts.append(count)
            byteStarts.append(paragraph.bytes.upperBound)
            return
        }
        utf8.withUnsafeBufferPointer { bytes in
            let cutter = WindowCutter(bytes: bytes, end: paragraph.bytes.upperBound)
            var start = 0, byte = paragraph.bytes.lowerBound
            while count - start > Self.length {
                (start, byte) = cutter.cut(from: start, byte: byte)
                starts.append(start)
                byteStarts.append(byte)
            }
            direction = Self.direction(of: bytes, in: paragraph.bytes)
        }
        starts.append(count)
        byteStarts.append(paragraph.bytes.upperBound)
    }

    /// UAX #9 rule P2: the direction of the first strong letter outside
    /// isolates, left to right when there is none.
    private static func direction(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> BidiParagraph.Direction {
        var byte = range.lowerBound, isolates = 0
        while byte < range.upperBound {
            let (scalar, length) = DecodedText.decodeScalar(bytes, at: byte)
            byte += length
            let type = fribidi_get_bidi_type(scalar)
            if CFriBidi_isIsolate(type) != 0 {
                isolates = CFriBidi_opensNesting(type) != 0 ? isolates + 1 : max(0, isolates - 1)
            } else if isolates == 0, CFriBidi_isRightToLeftLetter(type) != 0 {
                return .rightToLeft
            } else if isolates == 0, CFriBidi_isLeftToRightLetter(type) != 0 {
                return .leftToRight
            }
        }
        return .leftToRight
    }
}

/// Finds where a window ends: the last place of the best kind in the
/// window's last quarter. Best is after a sentence's end at a line end,
/// then after a line end or a sentence's end, then after any space, and
/// last between two characters that are not one cluster.
private struct WindowCutter {
    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int

    /// The next window's start (characters from the paragraph's start, and its byte).
    func cut(from start: Int, byte: Int) -> (Int, Int) {
        var offset = start, position = byte
        var previous: UInt32 = 0
        var endsSentence = false, afterSpace = false, afterLineEnd = false
        var best = (rank: -1, offset: 0, byte: 0)
        let searchFrom = start + ParagraphWindows.length - ParagraphWindows.searched
        while offset < start + ParagraphWindows.length, position < end {
            let (scalar, length) = DecodedText.decodeScalar(bytes, at: position)
            if offset > searchFrom {
                let rank: Int
                if isSpace(scalar) {
                    rank = -1
                } else if afterSpace {
                    rank = endsSentence && afterLineEnd ? 3 : endsSentence || afterLineEnd ? 2 : 1
                } else {
                    rank = Self.joins(previous, scalar) ? -1 : 0
                }
                if rank >= best.rank { best = (rank, offset, position) }
            }
            if isSpace(scalar) {
                afterSpace = true
                afterLineEnd = afterLineEnd || scalar == 0x0A || scalar == 0x2028 || scalar == 0x2029
            } else {
                endsSentence = Self.endsSentence(scalar, wasEnding: endsSentence)
                afterSpace = false
                afterLineEnd = false
            }
            previous = scalar
            offset += 1
            position += length
        }
        // Nothing but one cluster in the whole last quarter: cut at its end anyway.
        return best.rank >= 0 ? (best.offset, best.byte) : (offset, position)
    }

    private func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x0A || scalar == 0x09 || scalar == 0x0D || scalar == 0x3000
            || scalar == 0x2028 || scalar == 0x2029
    }

    /// Whether the text up to `scalar` ends a sentence: a full stop, or a
    /// closing quote or bracket after one.
    private static func endsSentence(_ scalar: UInt32, wasEnding: Bool) -> Bool {
        switch scalar {
        case 0x2E, 0x21, 0x3F, 0x3002, 0xFF01, 0xFF1F, 0x2026: return true
        case 0x22, 0x27, 0x29, 0x5D, 0xBB, 0x2019, 0x201D, 0x300D, 0x300F: return wasEnding
        default: return false
        }
    }

    /// Whether `scalar` belongs to the cluster of `previous`: a mark,
    /// joiner or selector after it, anything after a joiner, the second
    /// of a flag's pair, a Hangul syllable's jamo, a line feed after a return.
    private static func joins(_ previous: UInt32, _ scalar: UInt32) -> Bool {
        if previous == 0x200D || (previous == 0x0D && scalar == 0x0A) { return true }
        if ScriptItemizer.clingsToPrevious(scalar) || (0x1F3FB...0x1F3FF).contains(scalar)
            || (0xE0020...0xE007F).contains(scalar) { return true }
        if (0x1F1E6...0x1F1FF).contains(previous), (0x1F1E6...0x1F1FF).contains(scalar) { return true }
        return (0x1100...0x11FF).contains(previous) && (0x1100...0x11FF).contains(scalar)
    }
}

/// The windows of the paragraphs a typesetter laid out that have more than
/// one (a paragraph of one window is never scanned). Not thread-safe, like
/// its typesetter.
final class ParagraphWindowsCache {
    private var windows: [Int: ParagraphWindows] = [:]

    func windows(of index: Int, in book: Book) -> ParagraphWindows {
        if let known = windows[index] { return known }
        // A picture's characters are one line, never cut.
        var isPicture = false
        if let kind = book.document?.blocks[index].kind {
            switch kind {
            case .image, .rule: isPicture = true
            default: break
            }
        }
        let made = ParagraphWindows(book.paragraphs[index], utf8: book.text.utf8, cuts: !isPicture)
        if made.count > 1 { windows[index] = made }
        return made
    }
}
