import CICU

/// Where a line may end after a character.
package enum BreakOpportunity: UInt8, Sendable {
    case none, allowed, mandatory
    /// Inside a word, at a hyphenation point: a hyphen is drawn when the line ends here.
    case hyphen
}

/// UAX #14 line break opportunities through ICU, whose dictionaries also
/// find word boundaries in Thai, Lao, Khmer and Burmese text. Holds one
/// ICU iterator, reused for every paragraph; not thread-safe.
package final class LineBreakFinder {
    private let breaker: OpaquePointer?

    package init(language: String?) {
        breaker = CICU_lineBreakerOpen(language ?? "")
    }

    deinit { CICU_lineBreakerClose(breaker) }

    /// The opportunity after each scalar. The end of the text is always a
    /// mandatory break.
    package func opportunities(_ scalars: [UInt32]) -> [BreakOpportunity] {
        let count = scalars.count
        var result = [BreakOpportunity](repeating: .none, count: count)
        guard count > 0 else { return result }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        // The scalar each UTF-16 unit belongs to.
        var owner: [Int32] = []
        owner.reserveCapacity(count)
        for (index, scalar) in scalars.enumerated() {
            if scalar >= 0x10000 {
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
                owner.append(Int32(index))
                owner.append(Int32(index))
            } else {
                units.append(UInt16(truncatingIfNeeded: scalar))
                owner.append(Int32(index))
            }
        }
        var raw = [UInt8](repeating: 0, count: units.count)
        let status: Int32 = breaker.map { breaker in
            units.withUnsafeBufferPointer { text in
                raw.withUnsafeMutableBufferPointer { out in
                    CICU_lineBreaks(breaker, text.baseAddress, Int32(text.count), out.baseAddress)
                }
            }
        } ?? -1
        if status == 0 {
            for unit in raw.indices where raw[unit] != 0 {
                result[Int(owner[unit])] = raw[unit] == 2 ? .mandatory : .allowed
            }
        } else {
            // Without ICU: spaces alone are opportunities.
            for index in 0..<count where scalars[index] == 0x20 { result[index] = .allowed }
        }
        result[count - 1] = .mandatory
        return result
    }
}
