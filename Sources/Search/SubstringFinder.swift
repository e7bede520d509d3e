import Glibc

/// Finds a byte string in a longer one in time linear in both (Knuth,
/// Morris and Pratt), skipping with `memchr` to the next place its first
/// byte occurs whenever no partial match is under way, which is most of
/// the text for most queries.
struct SubstringFinder {
    let needle: [UInt8]
    /// For each length of a partial match, the length of the longest
    /// proper prefix of the needle that is also a suffix of that match.
    private let fallback: [Int]

    init(needle: [UInt8]) {
        self.needle = needle
        var fallback = [Int](repeating: 0, count: needle.count + 1)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0, needle[index] != needle[length] { length = fallback[length] }
            if needle[index] == needle[length] { length += 1 }
            fallback[index + 1] = length
        }
        self.fallback = fallback
    }

    /// The first place at or after `from` where the needle starts in `text`.
    func firstIndex(in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard !needle.isEmpty, let base = text.baseAddress else { return nil }
        let first = Int32(needle[0])
        return needle.withUnsafeBufferPointer { wanted -> Int? in
            var index = from, matched = 0
            while index < text.count {
                if matched == 0 {
                    guard let found = memchr(base + index, first, text.count - index) else { return nil }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                }
                let byte = text[index]
                while matched > 0, byte != wanted[matched] { matched = fallback[matched] }
                if byte == wanted[matched] { matched += 1 }
                index += 1
                if matched == wanted.count { return index - matched }
            }
            return nil
        }
    }
}
