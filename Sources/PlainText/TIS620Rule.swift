/// Thai's 8-bit TIS-620, which ICU's charset detector has no model for.
/// Its high bytes are Thai letters in 0xA1...0xFB: consonants, vowels and
/// tone marks that sit on a consonant, in words of any length. The
/// double-byte CJK encodings whose bytes share that range (GB2312, EUC-KR,
/// EUC-JP, Big5) come in pairs, so their runs of high bytes have even
/// lengths; Cyrillic, Greek, Hebrew and Arabic 8-bit text puts its common
/// letters at bytes Thai leaves unassigned or follows no consonant rule.
enum TIS620Rule {
    /// Fewer high bytes than this are too few to tell.
    static let minimumHighBytes = 24

    /// How sure the rule is that `sample` is TIS-620 (or Windows-874, its
    /// superset with punctuation at 0x80...0x9F), 0 when it is not Thai.
    static func confidence(_ sample: UnsafeBufferPointer<UInt8>) -> Int {
        var high = 0, thai = 0, marks = 0, marksOnLetters = 0
        var runs = 0, oddRuns = 0, runLength = 0
        var previous: UInt8 = 0
        for byte in sample {
            if byte >= 0x80 {
                high += 1
                runLength += 1
                if isThai(byte) { thai += 1 }
                if isMark(byte) {
                    marks += 1
                    if isConsonant(previous) || isMark(previous) { marksOnLetters += 1 }
                }
            } else if runLength > 0 {
                runs += 1
                if runLength % 2 == 1 { oddRuns += 1 }
                runLength = 0
            }
            previous = byte
        }
        if runLength > 0 { runs += 1; if runLength % 2 == 1 { oddRuns += 1 } }
        guard high >= minimumHighBytes, runs > 0, marks > 0 else { return 0 }
        // Nearly every high byte a Thai letter, marks on letters, runs of any length.
        guard thai * 100 >= high * 95, marksOnLetters * 100 >= marks * 90, oddRuns * 100 >= runs * 25,
              marks * 100 >= high * 10 else { return 0 }
        return min(100, 60 + (thai * 100 / high - 95) * 8)
    }

    /// A byte TIS-620 assigns a Thai character (Windows-874 adds 0x80...0x9F punctuation).
    static func isThai(_ byte: UInt8) -> Bool {
        (0xA1...0xDA).contains(byte) || (0xDF...0xFB).contains(byte) || (0x80...0x9F).contains(byte)
    }

    private static func isConsonant(_ byte: UInt8) -> Bool { (0xA1...0xCE).contains(byte) }

    /// Vowels and tone marks written above or below a consonant.
    private static func isMark(_ byte: UInt8) -> Bool {
        byte == 0xD1 || (0xD4...0xDA).contains(byte) || (0xE7...0xEE).contains(byte)
    }
}
