import Glibc

/// A StarDict `.idx` or `.syn`: words, each ending in a NUL and followed
/// by a fixed-size tail (offset and size into the `.dict`, or the index
/// of an `.idx` entry), sorted as StarDict sorts (ASCII letters without
/// regard to case first). The words have no fixed length, so the start of
/// each is found once, when the dictionary is first asked.
struct StarDictWordList {
    private let bytes: [UInt8]
    private let starts: [UInt32]
    let tailSize: Int

    var count: Int { starts.count }

    /// StarDict's words are shorter than this with their NUL.
    static let longestWord = 256

    /// The list in `bytes` with `tailSize`-byte tails; throws when it is
    /// cut short, holds a word too long, or has not `expectedCount` words.
    init(bytes: [UInt8], tailSize: Int, expectedCount: Int, path: String) throws(DictionaryError) {
        guard bytes.count < Int(UInt32.max) else { throw DictionaryError(path: path, problem: "larger than 4 GB") }
        var starts: [UInt32] = []
        starts.reserveCapacity(expectedCount)
        let failure: String? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var position = 0
            while position < buffer.count {
                let searched = min(Self.longestWord, buffer.count - position)
                guard let nul = memchr(base + position, 0, searched) else {
                    return searched == Self.longestWord ? "a word at \(position) runs past \(Self.longestWord) bytes"
                        : "the word at \(position) is cut short"
                }
                let next = base.distance(to: nul.assumingMemoryBound(to: UInt8.self)) + 1 + tailSize
                guard next <= buffer.count else { return "the entry at \(position) is cut short" }
                starts.append(UInt32(position))
                position = next
            }
            return nil
        }
        if let failure { throw DictionaryError(path: path, problem: failure) }
        guard starts.count == expectedCount else {
            throw DictionaryError(path: path, problem: "\(starts.count) words where the .ifo says \(expectedCount)")
        }
        self.bytes = bytes
        self.starts = starts
        self.tailSize = tailSize
    }

    func word(_ index: Int) -> ArraySlice<UInt8> {
        let start = Int(starts[index])
        let end = (index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count) - tailSize - 1
        return bytes[start..<end]
    }

    func tail(_ index: Int) -> ArraySlice<UInt8> {
        let end = index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count
        return bytes[(end - tailSize)..<end]
    }

    /// The positions of the words equal to `word` without regard to ASCII case.
    func indices(matching word: [UInt8]) -> Range<Int> {
        let key = Self.folded(word)
        let first = partition { !Self.folded(self.word($0)).lexicographicallyPrecedes(key) }
        let end = partition { key.lexicographicallyPrecedes(Self.folded(self.word($0))) }
        return first..<max(first, end)
    }

    /// The first index for which `isAtOrAfter` holds (it holds for every later one).
    private func partition(_ isAtOrAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// g_ascii_strcasecmp's comparison: ASCII letters in lower case.
    private static func folded<Word: Collection<UInt8>>(_ word: Word) -> [UInt8] {
        word.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
    }

    /// A big-endian number of `tail`'s bytes from `from`, `count` long.
    static func bigEndian(_ tail: ArraySlice<UInt8>, from: Int, count: Int) -> Int {
        tail.dropFirst(from).prefix(count).reduce(0) { $0 << 8 | Int($1) }
    }
}
