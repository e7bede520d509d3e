import BookModel

/// Where white space goes in a folded text.
enum WhitespaceFolding: Sendable, Hashable {
    /// A run of white space is one space, and none between two wide
    /// characters (where a Chinese or Japanese file wrapped its lines),
    /// as the typesetter shows it.
    case collapsed
    /// No white space at all: a query in Chinese characters is found
    /// whatever spaces or line ends the file put between them.
    case removed
}

/// A place in the source text: its UTF-8 byte and its scalar offset.
struct SourcePosition: Sendable, Equatable {
    var byte: Int
    var scalar: Int
}

/// Folds UTF-8 text one source character at a time, writing the folded
/// UTF-8 out. The text is folded once when searched and again, a few
/// characters at a time from a checkpoint, to find which source characters
/// a hit covers: both go through `step`, so they cannot disagree.
struct FoldCursor {
    /// What the last step did.
    enum Step {
        /// Wrote characters of its own (perhaps after a space for white space before it).
        case characters
        /// White space, or a character that folds to it: its space is written
        /// before the next character, if at all.
        case whitespace
        /// A mark dropped when accents are ignored: nothing.
        case nothing
    }

    private(set) var position: SourcePosition
    let whitespace: WhitespaceFolding
    /// Where the run of white space not yet written began; nil for none.
    private var pendingSpace: SourcePosition?
    private var lastWide = false
    /// After a step: the first space it wrote, and where the white space it
    /// stands for began (before the step's character, or inside it).
    private(set) var writtenSpace: (at: Int, owner: SourcePosition)?
    /// After a step: its first folded character is not white space (the
    /// step can start a checkpoint).
    private(set) var beganWithCharacter = false

    /// A cursor at `position`, where no white space is pending.
    init(at position: SourcePosition, whitespace: WhitespaceFolding) {
        self.position = position
        self.whitespace = whitespace
    }

    /// Folds the source character at `position` into `out`.
    /// Precondition: `position.byte` is the start of a character of `source`.
    @inline(__always) @discardableResult
    mutating func step(_ source: UnsafeBufferPointer<UInt8>, folding: inout ScalarFolding, into out: inout [UInt8]) -> Step {
        writtenSpace = nil
        beganWithCharacter = false
        let start = position
        let lead = source[start.byte]
        if lead < 0x80 {
            position.byte += 1
            position.scalar += 1
            let folded = folding.foldASCII(lead)
            if folded == 0x20 {
                if pendingSpace == nil { pendingSpace = start }
                return .whitespace
            }
            beganWithCharacter = true
            writePendingSpace(beforeWide: false, into: &out)
            out.append(folded)
            lastWide = false
            return .characters
        }
        let (scalar, length) = DecodedText.decodeScalar(source, at: start.byte)
        position.byte += length
        position.scalar += 1
        let range = folding.fold(scalar)
        var step = Step.nothing
        for index in range {
            let folded = folding.folded[index]
            if folded == 0x20 {
                if pendingSpace == nil { pendingSpace = start }
                if step == .nothing { step = .whitespace }
                continue
            }
            if index == range.lowerBound { beganWithCharacter = true }
            let wide = folded & ScalarFolding.wideFlag != 0
            writePendingSpace(beforeWide: wide, into: &out)
            Self.appendUTF8(folded & ~ScalarFolding.wideFlag, to: &out)
            lastWide = wide
            step = .characters
        }
        return step
    }

    /// Writes the space of the pending white space, unless it falls
    /// between two wide characters or white space is removed.
    @inline(__always)
    private mutating func writePendingSpace(beforeWide wide: Bool, into out: inout [UInt8]) {
        guard let owner = pendingSpace else { return }
        pendingSpace = nil
        guard whitespace == .collapsed, !(lastWide && wide) else { return }
        if writtenSpace == nil { writtenSpace = (out.count, owner) }
        out.append(0x20)
    }

    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
