/// The numbers of a dictd index: offsets and lengths written in base 64,
/// most significant digit first, with the digits A-Z a-z 0-9 + /.
enum Base64Number {
    /// The value of `digits`; nil when one is not a base-64 digit, there
    /// are none, or the value would pass 2^53 (no dictionary is that long).
    static func value<Digits: Collection<UInt8>>(of digits: Digits) -> Int? {
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value = 0
        for digit in digits {
            guard let number = self.digit(digit) else { return nil }
            value = value << 6 | number
        }
        return value
    }

    private static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
