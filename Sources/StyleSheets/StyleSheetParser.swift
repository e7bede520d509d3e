/// Reads the rules of a style sheet (CSS Syntax §5.4): qualified rules with
/// their selectors and declarations, `@font-face`, `@import`, and the
/// rules of `@media` and `@supports` blocks that apply to a screen. Any
/// other at-rule (`@page`, `@namespace`, `@keyframes`...) is skipped alone.
enum StyleSheetParser {
    /// How deep `@media` and `@supports` blocks may nest.
    static let maximumNesting = 8

    /// Parses `text`, keeping at most `maximumRules` rules: the rest is
    /// not read (`StyleSheet.isCut`).
    static func parse(_ text: String, maximumRules: Int = .max) -> StyleSheet {
        var tokens = CSSTokenizer(text)
        var sheet = StyleSheet()
        // One top-level rule at a time: a long sheet is never held whole as tokens or components.
        var rule: [CSSComponent] = []
        var isAtRule = false
        while !sheet.isCut, let component = CSSComponent.next(from: &tokens) {
            if rule.isEmpty {
                switch component {
                case .token(.whitespace), .token(.cdo), .token(.cdc), .token(.semicolon): continue
                case .token(.atKeyword): isAtRule = true
                default: isAtRule = false
                }
            }
            rule.append(component)
            var ends = isAtRule && component == .token(.semicolon)
            if case .block(.openCurly, _) = component { ends = true }
            guard ends else { continue }
            parseRules(rule, into: &sheet, topLevel: true, depth: 0, maximumRules: maximumRules)
            rule.removeAll(keepingCapacity: true)
        }
        if !rule.isEmpty, !sheet.isCut { parseRules(rule, into: &sheet, topLevel: true, depth: 0, maximumRules: maximumRules) }
        return sheet
    }

    /// Parses declarations alone, as in a `style` attribute.
    static func parseDeclarations(_ text: String) -> [Declaration] {
        declarations(in: CSSComponent.parse(CSSTokenizer.tokens(of: text)))
    }

    private static func parseRules(_ components: [CSSComponent], into sheet: inout StyleSheet, topLevel: Bool, depth: Int,
                                   maximumRules: Int) {
        var index = 0
        while index < components.count, !sheet.isCut {
            let component = components[index]
            switch component {
            case .token(.whitespace), .token(.cdo), .token(.cdc), .token(.semicolon):
                index += 1
            case let .token(.atKeyword(name)):
                index += 1
                var prelude: [CSSComponent] = []
                var block: [CSSComponent]?
                while index < components.count {
                    let next = components[index]
                    index += 1
                    if next == .token(.semicolon) { break }
                    if case let .block(.openCurly, contents) = next { block = contents; break }
                    prelude.append(next)
                }
                atRule(name.lowercased(), prelude: prelude, block: block, into: &sheet, topLevel: topLevel, depth: depth,
                       maximumRules: maximumRules)
            default:
                var prelude: [CSSComponent] = []
                var block: [CSSComponent]?
                while index < components.count {
                    let next = components[index]
                    index += 1
                    if case let .block(.openCurly, contents) = next { block = contents; break }
                    prelude.append(next)
                }
                guard let block else { break }
                let selectors = prelude.split(at: .comma).compactMap { SelectorParser.parse(Array($0.trimmed())) }
                guard !selectors.isEmpty else { continue }
                guard sheet.rules.count < maximumRules else {
                    sheet.isCut = true
                    break
                }
                sheet.rules.append(StyleRule(selectors: selectors, declarations: declarations(in: block)))
            }
        }
    }

    private static func atRule(_ name: String, prelude: [CSSComponent], block: [CSSComponent]?, into sheet: inout StyleSheet,
                               topLevel: Bool, depth: Int, maximumRules: Int) {
        switch name {
        case "import":
            guard topLevel, block == nil else { return }
            let trimmed = prelude.trimmed()
            var url: String?
            switch trimmed.first {
            case let .token(.url(text))?: url = text
            case let .token(.string(text))?: url = text
            case let .function("url", arguments)?:
                if case let .token(.string(text))? = arguments.trimmed().first { url = text }
            default: break
            }
            let media = Array(trimmed.dropFirst())
            if let url, MediaQuery.matches(media) { sheet.imports.append(url) }
        case "font-face":
            guard let block else { return }
            sheet.fontFaces.append(FontFaceRule(declarations: declarations(in: block)))
        case "media":
            guard let block, depth < maximumNesting, MediaQuery.matches(prelude) else { return }
            parseRules(block, into: &sheet, topLevel: false, depth: depth + 1, maximumRules: maximumRules)
        case "supports":
            // The properties the reader knows are applied, the others ignored, whatever the condition.
            guard let block, depth < maximumNesting else { return }
            parseRules(block, into: &sheet, topLevel: false, depth: depth + 1, maximumRules: maximumRules)
        default:
            return
        }
    }

    /// The declarations of a block; a malformed one is skipped alone.
    static func declarations(in components: [CSSComponent]) -> [Declaration] {
        var result: [Declaration] = []
        for part in components.split(at: .semicolon) {
            var slice = part.trimmed()[...]
            guard let first = slice.first, let name = first.propertyName else { continue }
            slice.removeFirst()
            while slice.first?.isWhitespace == true { slice.removeFirst() }
            guard slice.first == .token(.colon) else { continue }
            slice.removeFirst()
            var value = slice.trimmed()
            var important = false
            if let last = value.last, last.keyword == "important" {
                var rest = value.dropLast().trimmed()
                if rest.last == CSSComponent.token(.delim("!")) {
                    rest.removeLast()
                    value = rest.trimmed()
                    important = true
                }
            }
            guard !value.isEmpty else { continue }
            result.append(Declaration(name: name, value: value, important: important))
        }
        return result
    }
}

extension CSSComponent {
    /// An identifier that names a property, lower-cased.
    fileprivate var propertyName: String? {
        if case let .token(.ident(name)) = self { return name.lowercased() }
        return nil
    }
}
