/// Cuts CSS text into tokens as CSS Syntax Level 3 describes (§4), without
/// the parts a style sheet of a book never needs (unicode-range tokens).
/// Every input gives tokens: malformed strings, URLs and escapes become
/// their "bad" tokens or replacement characters, never an error.
public struct CSSTokenizer: IteratorProtocol {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    public init(_ text: String) {
        // CSS preprocessing (§3.3): CR, FF and CRLF become LF, NUL U+FFFD.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": scalars.append("\n"); previousWasCR = true; continue
            case "\n": if !previousWasCR { scalars.append("\n") }
            case "\u{0C}": scalars.append("\n")
            case "\0": scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
            previousWasCR = false
        }
        self.scalars = scalars
    }

    /// All the tokens of the text, comments left out.
    public static func tokens(of text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    /// The next token, or nil at the end.
    public mutating func next() -> CSSToken? {
        skipComments()
        guard let scalar = peek() else { return nil }
        if Self.isWhitespace(scalar) {
            while let next = peek(), Self.isWhitespace(next) { index += 1 }
            return .whitespace
        }
        switch scalar {
        case "\"", "'":
            index += 1
            return string(ending: scalar)
        case "#":
            if let next = peek(1), Self.isNameScalar(next) || startsEscape(at: index + 1) {
                index += 1
                let isIdentifier = startsIdentifier(at: index)
                return .hash(name(), isIdentifier: isIdentifier)
            }
        case "(": index += 1; return .openParen
        case ")": index += 1; return .closeParen
        case "[": index += 1; return .openSquare
        case "]": index += 1; return .closeSquare
        case "{": index += 1; return .openCurly
        case "}": index += 1; return .closeCurly
        case ",": index += 1; return .comma
        case ":": index += 1; return .colon
        case ";": index += 1; return .semicolon
        case "+", ".":
            if startsNumber(at: index) { return numeric() }
        case "-":
            if startsNumber(at: index) { return numeric() }
            if peek(1) == "-", peek(2) == ">" { index += 3; return .cdc }
            if startsIdentifier(at: index) { return identLike() }
        case "<":
            if peek(1) == "!", peek(2) == "-", peek(3) == "-" { index += 4; return .cdo }
        case "@":
            if startsIdentifier(at: index + 1) {
                index += 1
                return .atKeyword(name())
            }
        case "\\":
            if startsEscape(at: index) { return identLike() }
        default:
            if scalar.properties.numericType != nil, ("0"..."9").contains(scalar) { return numeric() }
            if Self.isNameStart(scalar) { return identLike() }
        }
        index += 1
        return .delim(scalar)
    }

    private mutating func skipComments() {
        while peek() == "/", peek(1) == "*" {
            index += 2
            while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
            index = min(scalars.count, index + 2)
        }
    }

    // MARK: names and escapes

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\n" || scalar == "\t" }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    private func startsEscape(at position: Int) -> Bool {
        guard position < scalars.count, scalars[position] == "\\" else { return false }
        return position + 1 < scalars.count && scalars[position + 1] != "\n"
    }

    private func startsIdentifier(at position: Int) -> Bool {
        guard position < scalars.count else { return false }
        let first = scalars[position]
        if first == "-" {
            guard position + 1 < scalars.count else { return false }
            let second = scalars[position + 1]
            return Self.isNameStart(second) || second == "-" || startsEscape(at: position + 1)
        }
        return Self.isNameStart(first) || startsEscape(at: position)
    }

    private func startsNumber(at position: Int) -> Bool {
        func digit(_ at: Int) -> Bool { at < scalars.count && ("0"..."9").contains(scalars[at]) }
        guard position < scalars.count else { return false }
        switch scalars[position] {
        case "+", "-":
            return digit(position + 1) || (position + 1 < scalars.count && scalars[position + 1] == "." && digit(position + 2))
        case ".": return digit(position + 1)
        default: return digit(position)
        }
    }

    /// Consumes an escape after its backslash (§4.3.7).
    private mutating func escapedScalar() -> Unicode.Scalar {
        guard let scalar = peek() else { return "\u{FFFD}" }
        if scalar.properties.isASCIIHexDigit {
            var value: UInt32 = 0
            var digits = 0
            while digits < 6, let next = peek(), next.properties.isASCIIHexDigit {
                value = value * 16 + UInt32(next.properties.numericType != nil ? next.value - 0x30 : (next.value | 0x20) - 0x57)
                index += 1
                digits += 1
            }
            if let next = peek(), Self.isWhitespace(next) { index += 1 }
            guard value != 0, let decoded = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return decoded
        }
        index += 1
        return scalar
    }

    private mutating func name() -> String {
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            if Self.isNameScalar(scalar) {
                result.append(scalar)
                index += 1
            } else if startsEscape(at: index) {
                index += 1
                result.append(escapedScalar())
            } else {
                break
            }
        }
        return String(result)
    }

    // MARK: token kinds

    private mutating func string(ending quote: Unicode.Scalar) -> CSSToken {
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            if scalar == quote { index += 1; return .string(String(result)) }
            if scalar == "\n" { return .badString }
            if scalar == "\\" {
                index += 1
                guard let next = peek() else { break }
                if next == "\n" { index += 1; continue }
                result.append(escapedScalar())
                continue
            }
            result.append(scalar)
            index += 1
        }
        return .string(String(result))
    }

    private mutating func numeric() -> CSSToken {
        let start = index
        if peek() == "+" || peek() == "-" { index += 1 }
        while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
        if peek() == ".", let next = peek(1), ("0"..."9").contains(next) {
            index += 1
            while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
        }
        if peek() == "e" || peek() == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if let digit = peek(signed ? 2 : 1), ("0"..."9").contains(digit) {
                index += signed ? 2 : 1
                while let scalar = peek(), ("0"..."9").contains(scalar) { index += 1 }
            }
        }
        var text = String(String.UnicodeScalarView(scalars[start..<index]))
        if text.hasPrefix("+") { text.removeFirst() }
        let value = Double(text) ?? 0
        if startsIdentifier(at: index) { return .dimension(value, unit: name()) }
        if peek() == "%" { index += 1; return .percentage(value) }
        return .number(value)
    }

    private mutating func identLike() -> CSSToken {
        let name = name()
        guard peek() == "(" else { return .ident(name) }
        index += 1
        if name.lowercased() == "url" {
            while let scalar = peek(), Self.isWhitespace(scalar) { index += 1 }
            if let scalar = peek(), scalar != "\"", scalar != "'" { return url() }
        }
        return .function(name)
    }

    private mutating func url() -> CSSToken {
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            index += 1
            switch scalar {
            case ")": return .url(String(result))
            case "\"", "'", "(":
                skipBadURL()
                return .badURL
            case "\\":
                guard startsEscape(at: index - 1) else { skipBadURL(); return .badURL }
                result.append(escapedScalar())
            default:
                if Self.isWhitespace(scalar) {
                    while let next = peek(), Self.isWhitespace(next) { index += 1 }
                    if peek() == ")" || peek() == nil { index = min(scalars.count, index + 1); return .url(String(result)) }
                    skipBadURL()
                    return .badURL
                }
                result.append(scalar)
            }
        }
        return .url(String(result))
    }

    private mutating func skipBadURL() {
        while let scalar = peek() {
            index += 1
            if scalar == ")" { return }
            if scalar == "\\", peek() != nil { index += 1 }
        }
    }
}
