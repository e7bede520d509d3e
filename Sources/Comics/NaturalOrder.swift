/// The order people number pages in: runs of digits compare as numbers
/// ("page2" before "page10"), letters without regard to case, and folders
/// a component at a time, so a folder's pages stay together.
public enum NaturalOrder {
    /// Whether `lhs` comes before `rhs`; names that compare equal so fall
    /// back to their bytes, so the order is total.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.split(separator: "/", omittingEmptySubsequences: false)
        let right = rhs.split(separator: "/", omittingEmptySubsequences: false)
        for (a, b) in zip(left, right) {
            let order = compare(Array(a.utf8), Array(b.utf8))
            if order != 0 { return order < 0 }
        }
        if left.count != right.count { return left.count < right.count }
        return Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
    }

    /// -1, 0 or 1: `a` before, alike, or after `b`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let startA = i, startB = j
                while i < a.count, isDigit(a[i]) { i += 1 }
                while j < b.count, isDigit(b[j]) { j += 1 }
                let order = compareNumbers(a[startA..<i], b[startB..<j])
                if order != 0 { return order }
                continue
            }
            let x = folded(a[i]), y = folded(b[j])
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        return 0
    }

    /// Compares digit runs by value, of any length (leading zeros ignored).
    private static func compareNumbers(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        let x = a.drop { $0 == 0x30 }, y = b.drop { $0 == 0x30 }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
        return 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
