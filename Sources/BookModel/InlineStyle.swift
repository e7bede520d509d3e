/// How a run of text inside a paragraph is set: the inline part of the
/// document model every format produces (plain-text conventions today).
/// The default is the paragraph's own face, upright, regular, on the
/// baseline.
public struct InlineStyle: Hashable, Sendable {
    public enum Slant: UInt8, Sendable { case upright, italic }
    public enum Weight: UInt8, Sendable { case regular, bold }
    public enum VerticalPosition: UInt8, Sendable { case baseline, superscript, `subscript` }

    /// A font family by name, or a CSS list of them (`"Gentium", serif`);
    /// nil is the book's font. The first name that is one of the book's
    /// embedded fonts, `monospace`, `cursive` or `fantasy` is used; `serif`,
    /// `sans-serif` and installed families the book does not bring are the
    /// reader's own typeface.
    public var family: String?
    public var slant: Slant
    public var weight: Weight
    /// Size relative to the paragraph's (1 is the same size; 1 on a
    /// superscript or subscript sets it at 0.7).
    public var relativeSize: Double
    /// Lower-case letters as capitals at 0.8 of the size.
    public var smallCaps: Bool
    public var verticalPosition: VerticalPosition
    /// BCP 47 language of the run when it differs from the book's.
    public var language: String?
    /// Emphasis marks drawn beside each character (Japanese 傍点).
    public var emphasisMarks: Bool
    /// Where the run links to, as a scalar offset in the book.
    public var linkTarget: Int?
    /// How its characters stand in a vertical line, and which are set side by side.
    public var orientation: TextOrientation = .mixed
    public var combine: TextCombine = .auto

    public init(family: String? = nil, slant: Slant = .upright, weight: Weight = .regular, relativeSize: Double = 1,
                smallCaps: Bool = false, verticalPosition: VerticalPosition = .baseline, language: String? = nil,
                emphasisMarks: Bool = false, linkTarget: Int? = nil) {
        self.family = family
        self.slant = slant
        self.weight = weight
        self.relativeSize = relativeSize
        self.smallCaps = smallCaps
        self.verticalPosition = verticalPosition
        self.language = language
        self.emphasisMarks = emphasisMarks
        self.linkTarget = linkTarget
    }

    public static let plain = InlineStyle()
    public static let italic = InlineStyle(slant: .italic)

    /// Whether the run needs a face other than the paragraph's.
    public var changesFace: Bool { slant != .upright || weight != .regular }
}

/// A run of characters of a paragraph in one style. Ranges are scalar
/// offsets relative to the paragraph's start, as everywhere in layout.
public struct StyledRun: Equatable, Sendable {
    public var range: Range<Int>
    public var style: InlineStyle

    public init(range: Range<Int>, style: InlineStyle) {
        self.range = range
        self.style = style
    }
}

/// A reading set small above its base (ruby, furigana).
public struct RubyAnnotation: Equatable, Sendable {
    public var base: Range<Int>
    public var reading: Range<Int>

    public init(base: Range<Int>, reading: Range<Int>) {
        self.base = base
        self.reading = reading
    }
}

/// What a paragraph's markup says: the characters that are markup and not
/// shown, the styled runs (only those not plain), and the ruby. The
/// characters stay in the text, so offsets (saved places, page starts)
/// count them as the source does.
public struct InlineMarkup: Equatable, Sendable {
    /// Ascending and disjoint.
    public var hidden: [Range<Int>] = []
    /// Ascending and disjoint.
    public var runs: [StyledRun] = []
    /// Ascending by base.
    public var rubies: [RubyAnnotation] = []

    public init(hidden: [Range<Int>] = [], runs: [StyledRun] = [], rubies: [RubyAnnotation] = []) {
        self.hidden = hidden
        self.runs = runs
        self.rubies = rubies
    }

    public var isEmpty: Bool { hidden.isEmpty && runs.isEmpty && rubies.isEmpty }

    /// Whether lines need room above them for ruby or emphasis marks.
    public var marksAbove: Bool { !rubies.isEmpty || runs.contains { $0.style.emphasisMarks } }

    /// One flag per character: true for markup that is not shown.
    public func hiddenMask(count: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: count)
        for range in hidden {
            for index in range.clamped(to: 0..<count) { mask[index] = true }
        }
        return mask
    }

    /// The style of each character, as an index into `styles` (0 is plain).
    public func styleIndices(count: Int) -> (indices: [UInt8], styles: [InlineStyle]) {
        var styles: [InlineStyle] = [.plain]
        var indices = [UInt8](repeating: 0, count: count)
        for run in runs {
            var index = styles.firstIndex(of: run.style) ?? styles.count
            if index == styles.count {
                guard styles.count < 255 else { continue }
                styles.append(run.style)
            }
            index = min(index, 254)
            for scalar in run.range.clamped(to: 0..<count) { indices[scalar] = UInt8(index) }
        }
        return (indices, styles)
    }

    /// Both markups together (a paragraph may use more than one convention).
    public func merged(with other: InlineMarkup) -> InlineMarkup {
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        // Markup of one convention may lie inside the other's (an underscore in a ruby reading).
        var union: [Range<Int>] = []
        for range in (hidden + other.hidden).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = union.last, range.lowerBound <= last.upperBound {
                union[union.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                union.append(range)
            }
        }
        return InlineMarkup(hidden: union,
                            runs: (runs + other.runs).sorted { $0.range.lowerBound < $1.range.lowerBound },
                            rubies: (rubies + other.rubies).sorted { $0.base.lowerBound < $1.base.lowerBound })
    }
}
