import FoundationEssentials
import Raster

/// Checks a rendered buffer against a golden PNG.
///
/// On a mismatch it writes `<name>.actual.png` and `<name>.diff.png` into
/// the output directory, where `<name>` is the golden's file name without
/// `.png`. In record mode it writes the golden instead of comparing.
public struct GoldenImage: Sendable {
    /// The environment variable that asks for goldens to be recorded.
    public static let recordVariable = "EBOOK_FB_RECORD_GOLDENS"

    public let goldenPath: String
    public let outputDirectory: String
    /// Per-channel difference that still counts as equal.
    public var tolerance: UInt8
    /// Differing pixels that still count as a match.
    public var allowedDifferingPixels: Int

    public init(goldenPath: String, outputDirectory: String, tolerance: UInt8 = 0, allowedDifferingPixels: Int = 0) {
        self.goldenPath = goldenPath
        self.outputDirectory = outputDirectory
        self.tolerance = tolerance
        self.allowedDifferingPixels = allowedDifferingPixels
    }

    /// Whether `environment` (the caller's process environment) asks to record.
    public static func recordingRequested(in environment: [String: String]) -> Bool {
        environment[recordVariable] == "1"
    }

    public enum Outcome: Equatable, Sendable {
        case matched(differingPixels: Int)
        case recorded(goldenPath: String)
        case missingGolden(goldenPath: String, actualPath: String)
        case mismatched(differingPixels: Int, actualPath: String, diffPath: String)

        /// A sentence for a test failure, or nil when the check passed.
        public var failureMessage: String? {
            switch self {
            case .matched, .recorded:
                return nil
            case let .missingGolden(golden, actual):
                return "no golden image at \(golden); wrote \(actual) "
                    + "(set \(GoldenImage.recordVariable)=1 to record it)"
            case let .mismatched(count, actual, diff):
                return "\(count) pixels differ from the golden; see \(actual) and \(diff)"
            }
        }
    }

    public var name: String {
        let file = URL(fileURLWithPath: goldenPath).lastPathComponent
        return file.hasSuffix(".png") ? String(file.dropLast(4)) : file
    }

    public var actualPath: String { URL(fileURLWithPath: outputDirectory).appendingPathComponent("\(name).actual.png").path }
    public var diffPath: String { URL(fileURLWithPath: outputDirectory).appendingPathComponent("\(name).diff.png").path }

    /// Compares `buffer` with the golden, or records it when `record` is set.
    /// Throws when a PNG cannot be read or written or a directory made.
    public func check(_ buffer: PixelBuffer, record: Bool) throws -> Outcome {
        if record {
            try Self.makeDirectory(containing: goldenPath)
            try PNGWriter.write(buffer, to: goldenPath)
            return .recorded(goldenPath: goldenPath)
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            try Self.makeDirectory(containing: actualPath)
            try PNGWriter.write(buffer, to: actualPath)
            return .missingGolden(goldenPath: goldenPath, actualPath: actualPath)
        }
        let golden = try PNGReader.read(goldenPath)
        let (differing, diff) = ImageComparison.compare(golden, buffer, tolerance: tolerance)
        guard differing > allowedDifferingPixels, let diff else {
            // Stale output from an earlier failure would mislead.
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
            return .matched(differingPixels: differing)
        }
        try Self.makeDirectory(containing: actualPath)
        try PNGWriter.write(buffer, to: actualPath)
        try PNGWriter.write(diff, to: diffPath)
        return .mismatched(differingPixels: differing, actualPath: actualPath, diffPath: diffPath)
    }

    private static func makeDirectory(containing path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
}
