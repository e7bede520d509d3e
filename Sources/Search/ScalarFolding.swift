import CICU

/// How a query matches the text.
public enum SearchMatching: Sendable, Equatable {
    /// Case and accents ignored: "natasha" finds "Natásha", "STRASSE"
    /// finds "Straße", "ﬁ" finds "fi".
    case ignoringCaseAndAccents
    /// Case and accents as written ("é" written as one character or as
    /// "e" and its accent alike).
    case exact
}

/// What each character of the text becomes for search (`CICU_foldScalar`),
/// asked of ICU once per distinct character and remembered: a book has a
/// few hundred distinct characters and millions of them.
struct ScalarFolding {
    let matching: SearchMatching
    /// The folded characters of every character asked so far, one after
    /// another, each with `wideFlag` set when it is East Asian wide.
    private(set) var folded: [UInt32] = []
    /// For each character of the Basic Multilingual Plane: `knownFlag`, its
    /// first index in `folded` shifted by `countBits`, and how many. Made on
    /// the first character beyond ASCII.
    private var basicPlane: [UInt32] = []
    private var otherPlanes: [UInt32: UInt32] = [:]

    static let wideFlag: UInt32 = 1 << 31
    private static let knownFlag: UInt32 = 1 << 31
    private static let countBits: UInt32 = 5
    private static let countMask: UInt32 = (1 << countBits) - 1

    init(matching: SearchMatching) {
        self.matching = matching
    }

    /// The indices in `folded` of what `scalar` (beyond ASCII) becomes.
    @inline(__always)
    mutating func fold(_ scalar: UInt32) -> Range<Int> {
        let entry: UInt32
        if scalar < 0x10000 {
            if basicPlane.isEmpty { basicPlane = [UInt32](repeating: 0, count: 0x10000) }
            let known = basicPlane[Int(scalar)]
            if known != 0 {
                entry = known
            } else {
                entry = remember(scalar)
                basicPlane[Int(scalar)] = entry
            }
        } else if let known = otherPlanes[scalar] {
            entry = known
        } else {
            entry = remember(scalar)
            otherPlanes[scalar] = entry
        }
        let start = Int((entry & ~Self.knownFlag) >> Self.countBits)
        return start..<start + Int(entry & Self.countMask)
    }

    /// Asks ICU what `scalar` becomes and keeps it at the end of `folded`.
    /// A character ICU cannot fold stands for itself.
    private mutating func remember(_ scalar: UInt32) -> UInt32 {
        let start = folded.count
        var scalars = [UInt32](repeating: 0, count: Int(Self.countMask))
        let count = scalars.withUnsafeMutableBufferPointer { buffer in
            CICU_foldScalar(scalar, matching == .exact ? 1 : 0, buffer.baseAddress, Int32(buffer.count))
        }
        for folding in count < 0 ? [scalar] : Array(scalars[0..<Int(count)]) {
            folded.append(Self.isWide(folding) ? folding | Self.wideFlag : folding)
        }
        return Self.knownFlag | UInt32(start) << Self.countBits | UInt32(folded.count - start)
    }

    /// East Asian wide and not Hangul: between two such a line end of the
    /// source is no space (as the typesetter sets it).
    static func isWide(_ scalar: UInt32) -> Bool {
        scalar >= 0x1100 && CICU_isEastAsianWideNotHangul(scalar) != 0
    }

    /// What an ASCII character becomes: one character, a space for any
    /// white space (the 0x1C-0x1F separators count as such).
    @inline(__always)
    func foldASCII(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x09...0x0D, 0x1C...0x20: 0x20
        case 0x41...0x5A where matching == .ignoringCaseAndAccents: byte | 0x20
        default: byte
        }
    }
}
