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

    private(set) var scalars: [Unicode.Scalar] = []
    /// Where each style starts; in ascending order of offset.
    private var styleStarts: [(offset: Int, style: InlineStyle)] = []
    private var links: [ContentSection.Link] = []
    private var anchors: [(name: String, offset: Int)] = []
    /// A collapsed space not yet written: it is written before the next character, if any.
    private var pendingSpace = false
    /// The style of the text the pending space came from: the space keeps
    /// it, as CSS keeps the first of collapsed spaces (a space before
    /// inline code is the body's word space, not the code's wider one).
    private var pendingSpaceStyle: InlineStyle?

    var isEmpty: Bool { scalars.isEmpty }

    /// The offset the next character will have.
    var offset: Int { scalars.count + (pendingSpace && !scalars.isEmpty ? 1 : 0) }

    private static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    mutating func append(_ text: String.UnicodeScalarView, style: InlineStyle, whiteSpace: ComputedStyle.WhiteSpace) {
        // Styles are compared once per piece of text, not per character.
        var styled = false
        func write(_ scalar: Unicode.Scalar, style: InlineStyle) {
            if !styled {
                if styleStarts.last?.style != style { styleStarts.append((scalars.count, style)) }
                styled = true
            }
            scalars.append(scalar)
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
            if pendingSpace, let last = scalars.last, last != Self.lineSeparator {
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
        if styleStarts.last?.style != style { styleStarts.append((scalars.count, style)) }
        scalars.append(scalar)
    }

    mutating func addLink(from start: Int, target: String, isMarkedNoteReference: Bool) {
        let end = scalars.count
        guard start < end else { return }
        links.append(ContentSection.Link(range: start..<end, target: target, isMarkedNoteReference: isMarkedNoteReference))
    }

    mutating func addAnchor(_ name: String) { anchors.append((name, offset)) }

    /// The block's text, its runs (those whose style is not `blockStyle`),
    /// links and anchors; the buffer is left empty. Trailing white space
    /// and line breaks are dropped.
    mutating func take(blockStyle: InlineStyle, preformatted: Bool) -> ContentSection.Block? {
        while let last = scalars.last, last == " " || last == Self.lineSeparator || (preformatted && last == "\n") {
            scalars.removeLast()
        }
        defer { self = InlineBuffer() }
        guard !scalars.isEmpty else { return nil }
        let count = scalars.count
        var runs: [StyledRun] = []
        for (index, start) in styleStarts.enumerated() where start.offset < count && start.style != blockStyle {
            let end = index + 1 < styleStarts.count ? min(styleStarts[index + 1].offset, count) : count
            if start.offset < end { runs.append(StyledRun(range: start.offset..<end, style: start.style)) }
        }
        let text = Self.string(of: scalars, preformatted: preformatted)
        let clippedLinks = links.compactMap { link -> ContentSection.Link? in
            var clipped = link
            clipped.range = link.range.clamped(to: 0..<count)
            // A link's text starts after a space that was pending when it began.
            if clipped.range.count > 1, scalars[clipped.range.lowerBound] == " " {
                clipped.range = clipped.range.lowerBound + 1..<clipped.range.upperBound
            }
            return clipped.range.isEmpty ? nil : clipped
        }
        return ContentSection.Block(kind: .paragraph, style: BlockStyle(), text: text, runs: runs, links: clippedLinks,
                                    anchors: anchors.map { ($0.name, min($0.offset, count)) })
    }

    /// The scalars as a string (line separators as line feeds when
    /// `preformatted`), encoded to UTF-8 in one buffer: appending scalars
    /// to a string one by one costs more than reading the document.
    private static func string(of scalars: [Unicode.Scalar], preformatted: Bool) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count + scalars.count / 4)
        for scalar in scalars {
            if scalar.isASCII {
                utf8.append(UInt8(truncatingIfNeeded: scalar.value))
                continue
            }
            UTF8.encode(preformatted && scalar == lineSeparator ? "\n" : scalar) { utf8.append($0) }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Anchors recorded while the buffer held no text (they name the next block's start).
    mutating func takeAnchorsIfEmpty() -> [String] {
        guard scalars.isEmpty else { return [] }
        defer { anchors = [] }
        return anchors.map(\.name)
    }
}
