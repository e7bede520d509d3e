/// The hyphenation points of words looked up lately, kept compactly: each
/// word's characters once in one shared array, its points as a bit set,
/// found through an open-addressed table of indices. Looking a word up
/// makes no allocation. Words longer than a bit set holds are not kept,
/// nor words with a character beyond the Basic Multilingual Plane (rare
/// in words: the characters are kept in 16 bits, half the memory).
/// When full it starts over: paging through a large vocabulary for months
/// cannot grow memory, and common words come back at once. Each pattern
/// paginating keeps one, so its size counts at the reader's peak.
struct HyphenationCache {
    /// Longest word kept: the points are bits of a `UInt64`.
    static let longestWord = 64

    /// 16 bytes, not 24: a word's start in `characters` (below `limit`
    /// times `longestWord`, far below 2^24) and its length share 32 bits.
    private struct Entry {
        var points: UInt64
        var hash: UInt32
        private var startAndLength: UInt32

        init(points: UInt64, hash: UInt32, start: Int, length: Int) {
            self.points = points
            self.hash = hash
            startAndLength = UInt32(start) << 8 | UInt32(length)
        }

        var start: Int { Int(startAndLength >> 8) }
        var length: Int { Int(startAndLength & 0xFF) }
    }

    let limit: Int
    private var entries: [Entry] = []
    private var characters: [UInt16] = []
    /// Entry index + 1 for each slot; 0 is an empty slot. Twice the limit, a power of two.
    private var slots: [Int32]
    private let mask: Int

    init(limit: Int) {
        precondition(limit * Self.longestWord < 1 << 24, "a word's start fits the entry's 24 bits")
        self.limit = limit
        var size = 16
        while size < 2 * limit { size *= 2 }
        slots = []
        mask = size - 1
    }

    var count: Int { entries.count }

    /// The points of the word `scalars[range]`, when it is kept.
    func points(of scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> UInt64? {
        guard !slots.isEmpty else { return nil }
        let hash = Self.hash(scalars, range)
        var slot = Int(hash) & mask
        while true {
            let stored = Int(slots[slot])
            guard stored != 0 else { return nil }
            let entry = entries[stored - 1]
            if entry.hash == hash, entry.length == range.count, matches(entry, scalars, range) { return entry.points }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps the points of the word `scalars[range]`, at most `longestWord`
    /// characters; a word with a character beyond U+FFFF is not kept.
    mutating func insert(_ points: UInt64, of scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) {
        precondition(range.count <= Self.longestWord, "the points of a word fit in the bit set")
        for index in range where scalars[index] > 0xFFFF { return }
        if entries.count >= limit || slots.isEmpty {
            entries.removeAll(keepingCapacity: true)
            characters.removeAll(keepingCapacity: true)
            slots = [Int32](repeating: 0, count: mask + 1)
        }
        let hash = Self.hash(scalars, range)
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        entries.append(Entry(points: points, hash: hash, start: characters.count, length: range.count))
        for index in range { characters.append(UInt16(truncatingIfNeeded: scalars[index])) }
        slots[slot] = Int32(entries.count)
    }

    private func matches(_ entry: Entry, _ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Bool {
        let start = entry.start
        for offset in 0..<range.count where UInt32(characters[start + offset]) != scalars[range.lowerBound + offset] {
            return false
        }
        return true
    }

    /// FNV-1a over the characters.
    private static func hash(_ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for index in range { hash = (hash ^ scalars[index]) &* 16_777_619 }
        return hash
    }
}
