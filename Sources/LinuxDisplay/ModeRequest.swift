/// `--mode WxH`: the mode size asked for on the command line.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses "1280x800"; fails with a message naming the value.
    public init(parsing text: String) throws(DisplayError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw DisplayError.invalidOption("--mode \(text): expected WIDTHxHEIGHT, e.g. 1280x800")
        }
        self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }
}
