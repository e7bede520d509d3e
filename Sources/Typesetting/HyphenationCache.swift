/// The hyphenation points of words looked up lately, kept compactly: each
/// word's characters once in one shared array, its points as a bit set,
/// found through an open-addressed table of indices. Looking a word up
/// makes no allocation. Words longer than a bit set holds are not kept.
/// When full it starts over: paging through a large vocabulary for months
/// cannot grow memory, and common words come back at once.
struct HyphenationCache {
    /// Longest word kept: the points are bits of a `UInt64`.
    static let longestWord = 64

    private struct Entry {
        var hash: UInt32
        var length: UInt16
        var start: Int32
        var points: UInt64
    }

    let limit: Int
    private var entries: [Entry] = []
    private var characters: [UInt32] = []
    /// Entry index + 1 for each slot; 0 is an empty slot. Twice the limit, a power of two.
    private var slots: [Int32]
    private let mask: Int

    init(limit: Int) {
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
            if entry.hash == hash, Int(entry.length) == range.count, matches(entry, scalars, range) { return entry.points }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps the points of the word `scalars[range]`, at most `longestWord` characters.
    mutating func insert(_ points: UInt64, of scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) {
        precondition(range.count <= Self.longestWord, "the points of a word fit in the bit set")
        if entries.count >= limit || slots.isEmpty {
            entries.removeAll(keepingCapacity: true)
            characters.removeAll(keepingCapacity: true)
            slots = [Int32](repeating: 0, count: mask + 1)
        }
        let hash = Self.hash(scalars, range)
        var slot = Int(hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        entries.append(Entry(hash: hash, length: UInt16(range.count), start: Int32(characters.count), points: points))
        characters.append(contentsOf: scalars[range])
        slots[slot] = Int32(entries.count)
    }

    private func matches(_ entry: Entry, _ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Bool {
        let start = Int(entry.start)
        for offset in 0..<range.count where characters[start + offset] != scalars[range.lowerBound + offset] { return false }
        return true
    }

    /// FNV-1a over the characters.
    private static func hash(_ scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for index in range { hash = (hash ^ scalars[index]) &* 16_777_619 }
        return hash
    }
}
