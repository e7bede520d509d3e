import BookModel
import StyleSheets
import Typesetting

/// The characters of the block being read, with the style of each run,
/// its links and anchors. White space collapses as CSS says for
/// `white-space: normal` across element boundaries: a run of spaces, tabs
/// and line ends is one space, none at the start or end of the block.
struct InlineBuffer {
    /// A line break inside a block (`br`, a kept line end).
    static let lineSeparator: Unicode.Scalar = "\u{2028}"

    /// The text as UTF-8 (a long paragraph costs a byte a letter, not the
    /// four of a scalar array), its count of scalars and its last one.
    private var utf8: [UInt8] = []
    private(set) var count = 0
    private var last: Unicode.Scalar?
    /// Which scalars are spaces, a bit each: a link that starts with one
    /// drops it.
    private var spaces: [UInt64] = []
    /// Where each style starts; in ascending order of offset.
    private var styleStarts: [(offset: Int, style: InlineStyle)] = []
    private var links: [ContentSection.Link] = []
    private var anchors: [(name: String, offset: Int)] = []
    private var rubies: [RubyAnnotation] = []
    /// A collapsed space not yet written: it is written before the next character, if any.
    private var pendingSpace = false
    /// The style of the text the pending space came from: the space keeps
    /// it, as CSS keeps the first of collapsed spaces (a space before
    /// inline code is the body's word space, not the code's wider one).
    private var pendingSpaceStyle: InlineStyle?

    var isEmpty: Bool { count == 0 }

    /// The offset the next character will have.
    var offset: Int { count + (pendingSpace && count > 0 ? 1 : 0) }

    private static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    mutating func append(_ text: String.UnicodeScalarView, style: InlineStyle, whiteSpace: ComputedStyle.WhiteSpace) {
        // Styles are compared once per piece of text, not per character.
        var styled = false
        func write(_ scalar: Unicode.Scalar, style: InlineStyle) {
            if !styled {
                if styleStarts.last?.style != style { styleStarts.append((count, style)) }
                styled = true
            }
            put(scalar)
        }
        for scalar in text {
            if whiteSpace.keepsLineBreaks, scalar == "\n" {
                pendingSpace = false
                write(Self.lineSeparator, style: style)
                continue
            }
            if whiteSpace.keepsSpaces {
                if scalar == "\r" { continue }
                pendingSpace = false
                write(scalar, style: style)
                continue
            }
            if Self.isCollapsible(scalar) {
                if !pendingSpace { pendingSpaceStyle = style }
                pendingSpace = true
                continue
            }
            if pendingSpace, let last, last != Self.lineSeparator {
                let spaceStyle = pendingSpaceStyle ?? style
                write(" ", style: spaceStyle)
                // The next character starts a run again when the space's style was another.
                if spaceStyle != style { styled = false }
            }
            pendingSpace = false
            write(scalar, style: style)
        }
    }

    /// A forced line break (`br`).
    mutating func appendLineBreak(style: InlineStyle) {
        pendingSpace = false
        write(Self.lineSeparator, style: style)
    }

    private mutating func write(_ scalar: Unicode.Scalar, style: InlineStyle) {
        if styleStarts.last?.style != style { styleStarts.append((count, style)) }
        put(scalar)
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            utf8.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        if count % 64 == 0 { spaces.append(0) }
        if scalar == " " { spaces[count / 64] |= 1 << UInt64(count % 64) }
        count += 1
        last = scalar
    }

    private func isSpace(at offset: Int) -> Bool { spaces[offset / 64] & (1 << UInt64(offset % 64)) != 0 }

    /// Drops the last scalar (`last` must not be nil).
    private mutating func removeLast() {
        while let byte = utf8.popLast(), byte & 0xC0 == 0x80 {}
        count -= 1
        if count % 64 == 0 { spaces.removeLast() } else { spaces[count / 64] &= ~(1 << UInt64(count % 64)) }
        var start = utf8.endIndex
        while start > utf8.startIndex, utf8[start - 1] & 0xC0 == 0x80 { start -= 1 }
        if start > utf8.startIndex { start -= 1 }
        last = start < utf8.endIndex ? String(decoding: utf8[start...], as: UTF8.self).unicodeScalars.first : nil
    }

    mutating func addLink(from start: Int, target: String, isMarkedNoteReference: Bool) {
        let end = count
        guard start < end else { return }
        links.append(ContentSection.Link(range: start..<end, target: target, isMarkedNoteReference: isMarkedNoteReference))
    }

    mutating func addAnchor(_ name: String) { anchors.append((name, offset)) }

    /// The characters of `reading` (written after `base`) are the ruby of `base`.
    mutating func addRuby(base: Range<Int>, reading: Range<Int>) {
        guard !base.isEmpty, !reading.isEmpty, base.upperBound <= reading.lowerBound else { return }
        rubies.append(RubyAnnotation(base: base, reading: reading))
    }

    /// The block's text, its runs (those whose style is not `blockStyle`),
    /// links and anchors; the buffer is left empty. Trailing white space
    /// and line breaks are dropped.
    mutating func take(blockStyle: InlineStyle, preformatted: Bool) -> ContentSection.Block? {
        while let last, last == " " || last == Self.lineSeparator || (preformatted && last == "\n") {
            removeLast()
        }
        defer { self = InlineBuffer() }
        guard count > 0 else { return nil }
        var runs: [StyledRun] = []
        for (index, start) in styleStarts.enumerated() where start.offset < count && start.style != blockStyle {
            let end = index + 1 < styleStarts.count ? min(styleStarts[index + 1].offset, count) : count
            if start.offset < end { runs.append(StyledRun(range: start.offset..<end, style: start.style)) }
        }
        let text = Self.string(of: utf8, preformatted: preformatted)
        let clippedLinks = links.compactMap { link -> ContentSection.Link? in
            var clipped = link
            clipped.range = link.range.clamped(to: 0..<count)
            // A link's text starts after a space that was pending when it began.
            if clipped.range.count > 1, isSpace(at: clipped.range.lowerBound) {
                clipped.range = clipped.range.lowerBound + 1..<clipped.range.upperBound
            }
            return clipped.range.isEmpty ? nil : clipped
        }
        let keptRubies = rubies.filter { $0.reading.upperBound <= count }
        return ContentSection.Block(kind: .paragraph, style: BlockStyle(), text: text, runs: runs, links: clippedLinks,
                                    anchors: anchors.map { ($0.name, min($0.offset, count)) }, rubies: keptRubies)
    }

    /// The text as a string, with line separators as line feeds when
    /// `preformatted`.
    private static func string(of utf8: [UInt8], preformatted: Bool) -> String {
        guard preformatted else { return String(decoding: utf8, as: UTF8.self) }
        // U+2028 is E2 80 A8 in UTF-8: no other character holds that sequence.
        var text: [UInt8] = []
        text.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 {
                text.append(0x0A)
                index += 3
            } else {
                text.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Anchors recorded while the buffer held no text (they name the next block's start).
    mutating func takeAnchorsIfEmpty() -> [String] {
        guard count == 0 else { return [] }
        defer { anchors = [] }
        return anchors.map(\.name)
    }
}
