/// Applies declarations to a computed style, one property at a time. A
/// property the reader does not know, or a value it cannot read, leaves
/// the style as it was.
extension ComputedStyle {
    /// Properties that decide the font size, applied before the others
    /// so that `em` lengths of the same element use its own size.
    static let fontSizeProperties: Set<String> = ["font-size", "font"]

    /// Font sizes are kept between these many body ems, so a book cannot
    /// make text unreadably small or a word wider than the page.
    static let fontSizeRange = 0.5...4.0

    /// The percentage base for widths (the text measure is not known here).
    static let measureInEms = 30.0

    public mutating func apply(_ declaration: Declaration, parent: ComputedStyle) {
        let value = declaration.value
        let keyword = value.singleKeyword
        if keyword == "inherit" || keyword == "initial" || keyword == "unset" {
            reset(declaration.name, to: keyword == "initial" ? ComputedStyle() : parent,
                  inheritedOnly: keyword == "unset")
            return
        }
        switch declaration.name {
        case "display": if let display = Self.display(keyword) { self.display = display }
        case "margin": if let edges = edges(value, allowAuto: true) { margin = edges }
        case "padding": if let edges = edges(value, allowAuto: false) { padding = edges }
        case "margin-top", "margin-right", "margin-bottom", "margin-left",
             "padding-top", "padding-right", "padding-bottom", "padding-left":
            guard let length = length(value) else { return }
            let side = declaration.name.split(separator: "-").last.map(String.init) ?? ""
            let isMargin = declaration.name.hasPrefix("margin")
            var target = isMargin ? margin : padding
            switch side {
            case "top": target.top = length
            case "right": target.right = length
            case "bottom": target.bottom = length
            default: target.left = length
            }
            if isMargin { margin = target } else { padding = target }
        case "text-indent": if let length = length(value) { textIndent = length }
        case "text-align": if let align = Self.textAlign(keyword) { textAlign = align }
        case "text-align-last", "-epub-text-align-last":
            if keyword == "auto" { textAlignLast = nil } else if let align = Self.textAlign(keyword) { textAlignLast = align }
        case "font-family":
            let families = FontFamilyName.parseList(value)
            if !families.isEmpty { fontFamilies = families }
        case "font-size": if let size = fontSize(value, parent: parent) { fontSize = size }
        case "font-style": if let keyword { italic = keyword == "italic" || keyword == "oblique" }
        case "font-weight": if let weight = FontWeight.parse(value, inherited: parent.fontWeight) { fontWeight = weight }
        case "font-variant", "font-variant-caps":
            if let words = value.keywords { smallCaps = words.contains("small-caps") || words.contains("all-small-caps") }
        case "font": applyFontShorthand(value, parent: parent)
        case "vertical-align":
            switch keyword {
            case "super": verticalAlign = .superscript
            case "sub": verticalAlign = .subscript
            case .some: verticalAlign = .baseline
            case nil: break
            }
        case "white-space": if let whiteSpace = Self.whiteSpace(keyword) { self.whiteSpace = whiteSpace }
        case "list-style-type": if let keyword { listStyleType = keyword }
        case "list-style":
            if let type = value.keywords?.first(where: { !["inside", "outside"].contains($0) }) { listStyleType = type }
        case "text-transform", "-epub-text-transform":
            if let transform = Self.textTransform(value.keywords) { textTransform = transform }
        case "hyphens", "-epub-hyphens", "-webkit-hyphens", "-moz-hyphens", "adobe-hyphenate":
            switch keyword {
            case "none": hyphens = Hyphens.none
            case "manual": hyphens = .manual
            case "auto", "explicit": hyphens = .auto
            default: break
            }
        case "direction": if let keyword, let direction = Direction(rawValue: keyword) { self.direction = direction }
        case "page-break-before", "break-before", "-webkit-column-break-before":
            if let keyword { breakBefore = Self.breaksPage(keyword) }
        case "page-break-after", "break-after", "-webkit-column-break-after":
            if let keyword { breakAfter = Self.breaksPage(keyword) }
        case "word-break", "-epub-word-break":
            switch keyword {
            case "normal", "break-word": wordBreak = .normal
            case "keep-all": wordBreak = .keepAll
            case "break-all": wordBreak = .breakAll
            default: break
            }
        case "line-break", "-epub-line-break", "-webkit-line-break":
            switch keyword {
            case "auto": lineBreak = .auto
            case "loose": lineBreak = .loose
            case "normal": lineBreak = .normal
            case "strict": lineBreak = .strict
            case "anywhere": lineBreak = .anywhere
            default: break
            }
        case "text-emphasis-style", "-epub-text-emphasis-style", "-webkit-text-emphasis-style",
             "text-emphasis", "-webkit-text-emphasis":
            emphasisMark = Self.emphasisMark(value)
        case "width":
            if let first = value.trimmed().first, value.trimmed().count == 1, let width = CSSLength.parse(first) {
                self.width = width
            }
        case "height", "top", "left":
            guard let first = value.trimmed().first, value.trimmed().count == 1, let length = CSSLength.parse(first) else { return }
            switch declaration.name {
            case "height": height = length
            case "top": top = length
            default: left = length
            }
        case "float":
            if let keyword, let floating = Floating(rawValue: keyword) { float = floating }
        case "clear":
            if let keyword, let clearing = Clearing(rawValue: keyword) { clear = clearing }
        case "position":
            if let keyword { isAbsolutelyPositioned = keyword == "absolute" || keyword == "fixed" }
        case let name where Self.writingModeProperties.contains(name):
            applyWritingMode(name, value)
        default:
            return
        }
    }

    // MARK: values

    private func length(_ value: [CSSComponent]) -> Double? {
        let parts = Array(value.trimmed())
        guard parts.count == 1, let length = CSSLength.parse(parts[0]) else { return nil }
        return length.resolved(fontSize: fontSize, percentBase: Self.measureInEms)
    }

    /// The one to four lengths of `margin` or `padding`, top right bottom left.
    private func edges(_ value: [CSSComponent], allowAuto: Bool) -> Edges? {
        let parts = value.filter { !$0.isWhitespace }
        guard (1...4).contains(parts.count) else { return nil }
        var lengths: [Double] = []
        for part in parts {
            guard let length = CSSLength.parse(part), allowAuto || length != .auto else { return nil }
            lengths.append(length.resolved(fontSize: fontSize, percentBase: Self.measureInEms))
        }
        var edges = Edges()
        edges.top = lengths[0]
        edges.right = lengths.count > 1 ? lengths[1] : lengths[0]
        edges.bottom = lengths.count > 2 ? lengths[2] : lengths[0]
        edges.left = lengths.count > 3 ? lengths[3] : edges.right
        return edges
    }

    private func fontSize(_ value: [CSSComponent], parent: ComputedStyle) -> Double? {
        let parts = Array(value.trimmed())
        guard parts.count == 1 else { return nil }
        let size: Double
        switch parts[0].keyword {
        case "xx-small": size = 0.6
        case "x-small": size = 0.75
        case "small": size = 0.89
        case "medium": size = 1
        case "large": size = 1.2
        case "x-large": size = 1.5
        case "xx-large": size = 2
        case "xxx-large": size = 3
        case "smaller": size = parent.fontSize / 1.2
        case "larger": size = parent.fontSize * 1.2
        default:
            guard let length = CSSLength.parse(parts[0]), length != .auto else { return nil }
            switch length {
            case let .ems(ems): size = ems * parent.fontSize
            case let .percent(percent): size = percent / 100 * parent.fontSize
            default: size = length.resolved(fontSize: parent.fontSize, percentBase: 0)
            }
        }
        return min(max(size, Self.fontSizeRange.lowerBound), Self.fontSizeRange.upperBound)
    }

    /// `font: [style] [variant] [weight] size[/line-height] family, ...`.
    private mutating func applyFontShorthand(_ value: [CSSComponent], parent: ComputedStyle) {
        let parts = value.filter { !$0.isWhitespace }
        var italic = false, smallCaps = false, weight = 400
        var index = 0
        while index < parts.count {
            let part = parts[index]
            if let word = part.keyword, ["italic", "oblique"].contains(word) { italic = true }
            else if part.keyword == "small-caps" { smallCaps = true }
            else if part.keyword == "normal" {}
            else if let parsed = FontWeight.parse([part], inherited: parent.fontWeight) { weight = parsed }
            else { break }
            index += 1
        }
        guard index < parts.count, let size = fontSize([parts[index]], parent: parent) else { return }
        index += 1
        if index < parts.count, parts[index] == .token(.delim("/")) { index += 2 }
        let families = FontFamilyName.parseList(Array(parts[min(index, parts.count)...]).interleavedWithSpaces)
        guard !families.isEmpty else { return }
        self.italic = italic
        self.smallCaps = smallCaps
        fontWeight = weight
        fontSize = size
        fontFamilies = families
    }

    private static func display(_ keyword: String?) -> Display? {
        switch keyword {
        case "inline", "inline-flex", "inline-grid", "contents", "ruby": return .inline
        case "block", "flex", "grid", "flow-root", "table-caption": return .block
        case "list-item": return .listItem
        case "none": return Display.none
        case "inline-block", "inline-table": return .inlineBlock
        case "table", "table-row-group", "table-header-group", "table-footer-group": return .table
        case "table-row": return .tableRow
        case "table-cell": return .tableCell
        default: return nil
        }
    }

    private static func textAlign(_ keyword: String?) -> TextAlign? {
        switch keyword {
        case "-webkit-center", "-moz-center", "center": return .center
        case "-webkit-left": return .left
        case "-webkit-right": return .right
        case let word?: return TextAlign(rawValue: word)
        case nil: return nil
        }
    }

    private static func whiteSpace(_ keyword: String?) -> WhiteSpace? {
        switch keyword {
        case "normal": return .normal
        case "pre": return .pre
        case "pre-wrap", "break-spaces": return .preWrap
        case "pre-line": return .preLine
        case "nowrap": return .nowrap
        default: return nil
        }
    }

    private static func textTransform(_ words: [String]?) -> TextTransform? {
        guard let words, !words.isEmpty else { return nil }
        if words.contains("-epub-fullwidth") || words.contains("full-width") { return .fullWidth }
        switch words[0] {
        case "none": return TextTransform.none
        case "uppercase": return .uppercase
        case "lowercase": return .lowercase
        case "capitalize": return .capitalize
        default: return nil
        }
    }

    private static func breaksPage(_ keyword: String) -> Bool {
        ["always", "page", "left", "right", "recto", "verso"].contains(keyword)
    }

    private static func emphasisMark(_ value: [CSSComponent]) -> String? {
        let parts = value.filter { !$0.isWhitespace }
        if parts.count == 1, case let .token(.string(mark)) = parts[0] { return mark.isEmpty ? nil : mark }
        guard let words = value.keywords, !words.isEmpty, words != ["none"] else { return nil }
        let open = words.contains("open")
        switch words.first(where: { $0 != "filled" && $0 != "open" }) {
        case "circle": return open ? "\u{25E6}" : "\u{25CF}"
        case "double-circle": return open ? "\u{25CE}" : "\u{25C9}"
        case "triangle": return open ? "\u{25B3}" : "\u{25B2}"
        case "sesame": return open ? "\u{FE46}" : "\u{FE45}"
        default: return open ? "\u{25E6}" : "\u{2022}"
        }
    }

    /// Sets one property back to its value in `source` (the parent for
    /// `inherit`, a fresh style for `initial`).
    private mutating func reset(_ name: String, to source: ComputedStyle, inheritedOnly: Bool) {
        switch name {
        case "font-family": fontFamilies = source.fontFamilies
        case "font-size": fontSize = source.fontSize
        case "font-style": italic = source.italic
        case "font-weight": fontWeight = source.fontWeight
        case "text-align": textAlign = source.textAlign
        case "text-indent": textIndent = source.textIndent
        case "white-space": whiteSpace = source.whiteSpace
        case "text-transform": textTransform = source.textTransform
        case "direction": direction = source.direction
        case "hyphens", "-epub-hyphens", "-webkit-hyphens": hyphens = source.hyphens
        case "display" where !inheritedOnly: display = source.display
        case "margin" where !inheritedOnly: margin = source.margin
        case "padding" where !inheritedOnly: padding = source.padding
        case "float" where !inheritedOnly: float = source.float
        case "clear" where !inheritedOnly: clear = source.clear
        default: return
        }
    }
}

extension Array where Element == CSSComponent {
    /// Components with whitespace between them again (for lists of family names).
    fileprivate var interleavedWithSpaces: [CSSComponent] {
        var result: [CSSComponent] = []
        for component in self {
            if !result.isEmpty { result.append(.token(.whitespace)) }
            result.append(component)
        }
        return result
    }
}
