import BookModel
import StyleSheets

/// Ruby: `<ruby>` base text with its readings in `<rt>` (and fallback
/// parentheses in `<rp>`, not shown). Each reading is kept in the text
/// right after its base, marked as markup, and set small beside it.
extension ContentReader {
    mutating func visitRuby(_ element: MarkupElement, style: ComputedStyle, language: String?, direction: TextDirection?) {
        var baseStart = buffer.count
        let flushesBefore = flushes
        for child in element.node.children {
            let node = element.tree.nodes[child]
            if node.isText {
                let inline = inlineStyle(style, language: language)
                buffer.append(node.text.unicodeScalars, style: inline, whiteSpace: style.whiteSpace)
                continue
            }
            let childElement = MarkupElement(tree: element.tree, index: child)
            switch childElement.localName {
            case "rp":
                continue
            case "rt":
                let baseEnd = buffer.count
                let readingStyle = context.cascade.style(for: childElement, parent: style, inline: [])
                let reading = PackageDocument.collapsed(childElement.textContent)
                guard !reading.isEmpty, baseEnd > baseStart else { continue }
                buffer.append(reading.unicodeScalars, style: inlineStyle(readingStyle, language: language), whiteSpace: .nowrap)
                if flushes == flushesBefore { buffer.addRuby(base: baseStart..<baseEnd, reading: baseEnd..<buffer.count) }
                baseStart = buffer.count
            case "rtc", "rb", "rbc":
                visitChildren(of: childElement, style: style, language: language, direction: direction)
            default:
                visit(childElement, parentStyle: style, language: language, direction: direction)
            }
        }
    }
}
