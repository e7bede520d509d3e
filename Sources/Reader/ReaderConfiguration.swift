import Foundation
import LinuxInput
import Raster

/// Settings from /etc/ebook-fb.conf: one `KEY=value` per line, `#` starts a
/// comment, blank lines are ignored. Keys: book, font, font-size, rotate,
/// touch-matrix, theme. A bad line is reported and skipped, so one typo
/// does not keep a kiosk from showing its book.
public struct ReaderConfiguration: Equatable, Sendable {
    public static let defaultPath = "/etc/ebook-fb.conf"
    public static let keys = ["book", "font", "font-size", "rotate", "touch-matrix", "theme"]

    public var book: String?
    public var font: String?
    public var fontSize: Int?
    public var rotation: DisplayRotation?
    public var touchMatrix: CalibrationMatrix?
    /// The theme's name, checked against the known themes.
    public var theme: String?

    public init() {}

    /// A line that could not be used, with its number (from 1) and why.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The settings the text gives and the lines it had to skip.
    public static func parse(_ text: String, file: String = defaultPath) -> (ReaderConfiguration, [Problem]) {
        var configuration = ReaderConfiguration()
        var problems: [Problem] = []
        for (index, line) in lines(of: text).enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            func problem(_ message: String) { problems.append(Problem(file: file, line: index + 1, message: message)) }
            guard let equals = content.firstIndex(of: "=") else {
                problem("expected KEY=value, found \"\(content)\"")
                continue
            }
            let key = content[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = unquoted(content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            if let message = configuration.apply(key: key, value: value) { problem(message) }
        }
        return (configuration, problems)
    }

    /// The file's lines, ended by LF or CRLF (CRLF is one Character in Swift).
    public static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// Reads the file at `path`; a missing file is an empty configuration.
    public static func load(path: String = defaultPath) throws -> (ReaderConfiguration, [Problem]) {
        guard FileManager.default.fileExists(atPath: path) else { return (ReaderConfiguration(), []) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: path, message: "cannot be read")
        }
        return parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// Sets one key; the reason it could not, or nil.
    private mutating func apply(key: String, value: String) -> String? {
        switch key {
        case "book", "font":
            guard !value.isEmpty else { return "\(key) needs a path" }
            if key == "book" { book = value } else { font = value }
        case "font-size":
            guard let size = Int(value), (6...200).contains(size) else { return "font-size \"\(value)\": use 6...200 pixels" }
            fontSize = size
        case "rotate":
            guard let degrees = Int(value), let turn = DisplayRotation(degrees: degrees) else {
                return "rotate \"\(value)\": use 0, 90, 180 or 270"
            }
            rotation = turn
        case "touch-matrix":
            guard let matrix = CalibrationMatrix(parsing: value) else {
                return "touch-matrix \"\(value)\": expected six numbers a,b,c,d,e,f"
            }
            touchMatrix = matrix
        case "theme":
            guard Theme(named: value) != nil else { return "theme \"\(value)\": use light or dark" }
            theme = value
        default:
            return "unknown key \"\(key)\"; known keys: " + Self.keys.joined(separator: ", ")
        }
        return nil
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else { return value }
        return String(value.dropFirst().dropLast())
    }
}

/// A configuration file that could not be read at all.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let path: String
    public let message: String
    public var description: String { "\(path): \(message)" }
}
