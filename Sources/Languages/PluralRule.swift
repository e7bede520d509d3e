/// A catalog's `Plural-Forms`: how many forms a message has and which one
/// a number takes, from gettext's C expression over `n` (for Russian
/// `n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`).
/// gettext evaluates it only inside process-wide catalogs, so it is read here.
public struct PluralRule: Sendable, Equatable {
    public let count: Int
    let expression: Expression

    /// English's rule (and every language's without a header): one and many.
    public static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// Reads a `Plural-Forms` header value: "nplurals=2; plural=(n != 1);".
    public init(header: String) throws(PluralRuleError) {
        var count: Int?
        var formula: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).strippingBlanks() }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": count = Int(pair[1])
            case "plural": formula = pair[1]
            default: continue
            }
        }
        guard let count, (1...6).contains(count) else { throw PluralRuleError("nplurals missing or not 1 to 6 in \"\(header)\"") }
        guard let formula else { throw PluralRuleError("plural= missing in \"\(header)\"") }
        var parser = Parser(Array(formula.utf8))
        let parsed = try parser.expression()
        guard parser.atEnd else { throw PluralRuleError("unexpected text at \(parser.position + 1) of \"\(formula)\"") }
        self.init(count: count, expression: parsed)
    }

    /// The form (0-based) `n` takes; a formula that names a form the
    /// catalog lacks gives the last.
    public func form(for n: Int) -> Int {
        min(count - 1, max(0, expression.value(n: max(0, n))))
    }
}

public struct PluralRuleError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

indirect enum Expression: Sendable, Equatable {
    case n
    case number(Int)
    case not(Expression)
    case binary(Operator, Expression, Expression)
    case choice(Expression, Expression, Expression)

    enum Operator: Sendable, Equatable {
        case or, and, equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, plus, minus, times, divide, remainder
    }

    func value(n: Int) -> Int {
        switch self {
        case .n: return n
        case let .number(value): return value
        case let .not(operand): return operand.value(n: n) == 0 ? 1 : 0
        case let .choice(test, yes, no): return test.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
        case let .binary(op, left, right):
            let a = left.value(n: n)
            // || and && look at their right side only when they must, as in C.
            if op == .or { return a != 0 || right.value(n: n) != 0 ? 1 : 0 }
            if op == .and { return a != 0 && right.value(n: n) != 0 ? 1 : 0 }
            let b = right.value(n: n)
            switch op {
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .less: return a < b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .lessOrEqual: return a <= b ? 1 : 0
            case .greaterOrEqual: return a >= b ? 1 : 0
            case .plus: return a &+ b
            case .minus: return a &- b
            case .times: return a &* b
            case .divide: return b == 0 ? 0 : a / b
            case .remainder: return b == 0 ? 0 : a % b
            case .or, .and: return 0
            }
        }
    }
}

/// C's precedence, lowest first: ?:, ||, &&, == !=, < > <= >=, + -, * / %, !.
private struct Parser {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get { skipSpaces(); return position == bytes.count }
    }

    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    mutating func take(_ token: String) -> Bool {
        skipSpaces()
        let utf8 = Array(token.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else { return false }
        // "<" is not the start of "<=", nor "!" of "!=".
        if utf8.count == 1, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "="),
           "<>!=".utf8.contains(utf8[0]) { return false }
        position += utf8.count
        return true
    }

    mutating func expression() throws(PluralRuleError) -> Expression {
        let test = try binary(level: 0)
        guard take("?") else { return test }
        let yes = try expression()
        guard take(":") else { throw PluralRuleError("expected : at \(position + 1)") }
        return .choice(test, yes, try expression())
    }

    private static let levels: [[(String, Expression.Operator)]] = [
        [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
        [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
        [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divide), ("%", .remainder)],
    ]

    mutating func binary(level: Int) throws(PluralRuleError) -> Expression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while let op = Self.levels[level].first(where: { take($0.0) })?.1 {
            left = .binary(op, left, try binary(level: level + 1))
        }
        return left
    }

    mutating func unary() throws(PluralRuleError) -> Expression {
        if take("!") { return .not(try unary()) }
        if take("(") {
            let inner = try expression()
            guard take(")") else { throw PluralRuleError("expected ) at \(position + 1)") }
            return inner
        }
        skipSpaces()
        if position < bytes.count, bytes[position] == UInt8(ascii: "n") {
            position += 1
            return .n
        }
        var value = 0
        let start = position
        while position < bytes.count, (48...57).contains(bytes[position]), value < 1_000_000_000 {
            value = value * 10 + Int(bytes[position] - 48)
            position += 1
        }
        guard position > start else { throw PluralRuleError("expected n, a number or ( at \(position + 1)") }
        return .number(value)
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    func strippingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
