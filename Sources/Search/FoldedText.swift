/// A book's text folded for one way of matching: UTF-8 in which a query,
/// folded the same way, is found by a plain substring search. It is made
/// a chunk at a time as a search reaches further, so the first hits of a
/// first search come before the whole book is folded.
///
/// No map from every folded byte back to the book is kept (four bytes per
/// byte of text): a checkpoint every `checkpointSpacing` characters says
/// where a source character's folding starts, and a hit is mapped back by
/// folding again from the checkpoint before it.
final class FoldedText {
    let source: [UInt8]
    let whitespace: WhitespaceFolding
    private(set) var units: [UInt8] = []
    private var folding: ScalarFolding
    private var cursor: FoldCursor
    private var checkpoints: [Checkpoint] = [Checkpoint(folded: 0, byte: 0, scalar: 0)]
    /// Folds again from a checkpoint, kept between hits.
    private var scratch: [UInt8] = []

    /// A source character whose folding starts at `folded` with no white
    /// space pending before it. 32-bit fields: a decoded text stays far below 4 GB.
    private struct Checkpoint {
        var folded: UInt32
        var byte: UInt32
        var scalar: UInt32
    }

    static let checkpointSpacing = 32
    /// Source bytes folded each time a search needs more: small enough that
    /// a screen shows the first hits within a frame, large enough that the
    /// search's own steps cost nothing beside the folding.
    static let chunkBytes = 1 << 16

    init(source: [UInt8], matching: SearchMatching, whitespace: WhitespaceFolding) {
        self.source = source
        self.whitespace = whitespace
        folding = ScalarFolding(matching: matching)
        cursor = FoldCursor(at: SourcePosition(byte: 0, scalar: 0), whitespace: whitespace)
    }

    var isComplete: Bool { cursor.position.byte >= source.count }

    /// Folds the next chunk of the source.
    func extend() {
        guard !isComplete else { return }
        if units.isEmpty { units.reserveCapacity(source.count + source.count / 8) }
        // Worked on in locals: a class's stored properties passed inout are
        // checked for exclusive access on every call.
        var units: [UInt8] = [], checkpoints: [Checkpoint] = []
        swap(&units, &self.units)
        swap(&checkpoints, &self.checkpoints)
        var folding = ScalarFolding(matching: self.folding.matching), cursor = self.cursor
        swap(&folding, &self.folding)
        let end = min(source.count, cursor.position.byte + Self.chunkBytes)
        var nextCheckpoint = Int(checkpoints[checkpoints.count - 1].scalar) + Self.checkpointSpacing
        source.withUnsafeBufferPointer { text in
            while cursor.position.byte < end {
                let written = units.count, start = cursor.position
                cursor.step(text, folding: &folding, into: &units)
                if start.scalar >= nextCheckpoint, cursor.beganWithCharacter {
                    // A space written first stands for white space before this character.
                    let own = written + (cursor.writtenSpace == nil ? 0 : 1)
                    checkpoints.append(Checkpoint(folded: UInt32(own), byte: UInt32(start.byte), scalar: UInt32(start.scalar)))
                    nextCheckpoint = start.scalar + Self.checkpointSpacing
                }
            }
        }
        swap(&units, &self.units)
        swap(&checkpoints, &self.checkpoints)
        swap(&folding, &self.folding)
        self.cursor = cursor
    }

    /// `query` folded as the text is, without white space at its ends.
    func fold(query: String) -> [UInt8] {
        var query = query
        var out: [UInt8] = []
        var cursor = FoldCursor(at: SourcePosition(byte: 0, scalar: 0), whitespace: whitespace)
        query.withUTF8 { text in
            while cursor.position.byte < text.count { cursor.step(text, folding: &folding, into: &out) }
        }
        // White space at the end is never written: it waits for a character.
        return Array(out.drop { $0 == 0x20 })
    }

    /// The first place at or after `from` where `finder`'s needle is in
    /// the folded text made so far.
    func find(_ finder: SubstringFinder, from: Int) -> Int? {
        guard from < units.count else { return nil }
        return units.withUnsafeBufferPointer { finder.firstIndex(in: $0, from: from) }
    }

    /// The source characters that the folded bytes `range` come from: from
    /// the one the first byte comes from to the one the last byte comes
    /// from, with the marks after it that folding dropped.
    /// Precondition: `range` is not empty and lies in `units`.
    func sourceRange(of range: Range<Int>) -> (bytes: Range<Int>, scalars: Range<Int>) {
        let checkpoint = self.checkpoint(before: range.lowerBound)
        let base = Int(checkpoint.folded)
        var cursor = FoldCursor(at: SourcePosition(byte: Int(checkpoint.byte), scalar: Int(checkpoint.scalar)),
                                whitespace: whitespace)
        var folding = ScalarFolding(matching: self.folding.matching), scratch: [UInt8] = []
        swap(&folding, &self.folding)
        swap(&scratch, &self.scratch)
        scratch.removeAll(keepingCapacity: true)
        defer {
            swap(&scratch, &self.scratch)
            swap(&folding, &self.folding)
        }
        return source.withUnsafeBufferPointer { text in
            // Folded again from the checkpoint to the characters the hit's first and last bytes come from.
            var first: SourcePosition?
            var end = cursor.position
            let lastByte = range.upperBound - 1
            while true {
                let start = cursor.position
                cursor.step(text, folding: &folding, into: &scratch)
                let written = base + scratch.count
                if first == nil, written > range.lowerBound {
                    if let space = cursor.writtenSpace, base + space.at == range.lowerBound {
                        first = space.owner
                    } else {
                        first = start
                    }
                }
                // The last byte is never a space: a query has none at its end.
                if written > lastByte {
                    end = cursor.position
                    break
                }
            }
            // Marks that folding dropped after the last character; they are never ASCII.
            while end.byte < text.count, text[end.byte] >= 0x80 {
                var next = cursor
                let written = scratch.count
                let step = next.step(text, folding: &folding, into: &scratch)
                scratch.removeSubrange(written...)
                guard step == .nothing else { break }
                cursor = next
                end = cursor.position
            }
            let start = first ?? end
            return (start.byte..<end.byte, start.scalar..<end.scalar)
        }
    }

    private func checkpoint(before folded: Int) -> Checkpoint {
        var low = 0, high = checkpoints.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(checkpoints[middle].folded) <= folded { low = middle } else { high = middle }
        }
        return checkpoints[low]
    }
}
