import BookModel
import CFriBidi

extension Book {
    /// Which way the book's pages go: as a structured book says, else right
    /// to left when most of a text book's paragraphs are right-to-left (by
    /// their first strong character, as UAX #9 finds a paragraph's direction).
    public var pageProgression: PageProgression {
        if let document { return document.pageProgression }
        // The first few hundred paragraphs tell; a long book need not be read to its end.
        let sample = paragraphs.prefix(400).filter { !$0.traits.isMatter }
        // Most books have no character of a right-to-left script (whose UTF-8 starts with one of these bytes).
        let mayRunRightToLeft = sample.contains { paragraph in
            text.utf8[paragraph.bytes].prefix(600).contains { (0xD6...0xDF).contains($0) || $0 == 0xE0 || $0 == 0xEF || $0 == 0xF0 }
        }
        guard mayRunRightToLeft else { return .leftToRight }
        var rightToLeft = 0, leftToRight = 0
        for paragraph in sample {
            switch Self.direction(of: Array(text.utf8[paragraph.bytes].prefix(600))) {
            case .rightToLeft?: rightToLeft += 1
            case .leftToRight?: leftToRight += 1
            case nil: break
            }
        }
        return rightToLeft > leftToRight ? .rightToLeft : .leftToRight
    }

    /// The direction of the first strong character of some UTF-8 text, nil when it has none.
    static func direction(of utf8: [UInt8]) -> TextDirection? {
        var scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars.map(\.value))
        // A cut inside the last character decodes to U+FFFD: neutral, harmless.
        guard !scalars.isEmpty else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        scalars.withUnsafeMutableBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(text.count), &types)
        }
        let direction = fribidi_get_par_direction(types, FriBidiStrIndex(types.count))
        if direction == CFriBidi_parRTL() { return .rightToLeft }
        if direction == CFriBidi_parLTR() { return .leftToRight }
        return nil
    }
}
