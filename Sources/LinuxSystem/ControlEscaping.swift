extension String {
    /// The text with every control character written out: a newline as
    /// `\n`, a tab as `\t`, any other C0 or C1 control and DEL as
    /// `\u{1B}`. A path or a title from a hostile file then prints as one
    /// line and cannot steer the terminal (ESC starts an escape sequence).
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControlCharacter: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension Unicode.Scalar {
    /// C0 controls, DEL and the C1 controls (U+0080-U+009F), which some
    /// terminals obey as escape sequences.
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
