import Typesetting

/// Runs Unicode's BidiCharacterTest.txt through the bidi path the
/// typesetter uses: FriBidi's paragraph levels, then our line levels
/// (rule L1) and reordering (rule L2).
public enum BidiConformance {
    /// Passed and failed test lines.
    public static func run(path: String) throws -> (passed: Int, failed: Int) {
        let text = try ConformanceFile.read(path)
        var passed = 0, failed = 0
        for line in text.split(separator: "\n") {
            guard let first = line.first, first != "#" else { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: BidiParagraph.Direction
            switch fields[1] {
            case "0": direction = .leftToRight
            case "1": direction = .rightToLeft
            default: direction = .auto
            }
            let expectedBase = UInt8(fields[2]) ?? 255
            let expectedLevels = fields[3].split(separator: " ").map { UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            guard !scalars.isEmpty, expectedLevels.count == scalars.count else { continue }

            let paragraph = BidiParagraph(scalars, direction: direction)
            let levels = paragraph.lineLevels(0..<scalars.count)
            var same = paragraph.baseLevel == expectedBase
            for (index, expected) in expectedLevels.enumerated() {
                if let expected, expected != levels[index] { same = false }
            }
            let order = BidiReordering.visualOrder(levels: levels).filter { expectedLevels[$0] != nil }
            if same, order == expectedOrder { passed += 1 } else { failed += 1 }
        }
        return (passed, failed)
    }
}
