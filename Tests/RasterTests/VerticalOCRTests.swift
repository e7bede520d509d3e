import BookModel
import Foundation
import PlainText
import Raster
import XCTest
import Typesetting

/// A vertical page read back by OCR as a person reads it, columns from the
/// right: Tesseract's vertical Japanese model finds the page's text in
/// order. Skips without tesseract and its `jpn_vert` data, or the shared books.
final class VerticalOCRTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let tesseract = "/usr/bin/tesseract"

    func testAozoraPageReadsBackInOrder() throws {
        let path = Self.packageRoot.appendingPathComponent("../shared/books/ja_soseki_wagahai_aozora_ch1.txt").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/books is not present") }
        guard FileManager.default.isExecutableFile(atPath: Self.tesseract),
              FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/5/tessdata/jpn_vert.traineddata")
                || FileManager.default.fileExists(atPath: "/usr/share/tesseract-ocr/4.00/tessdata/jpn_vert.traineddata")
        else { throw XCTSkip("tesseract with jpn_vert is not installed (tesseract-ocr-jpn-vert)") }
        let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: 1280, height: 800),
                                        font: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
        let pagination = typesetter.paginate(collectText: true)
        XCTAssertGreaterThan(pagination.pages.count, 3)
        var buffer = PixelBuffer(width: 1280, height: 800)
        _ = PagePainter(theme: .light).paint(typesetter.layoutPage(2, of: pagination), fonts: typesetter.fonts,
                                             cache: GlyphCache(), into: &buffer)
        let image = NSTemporaryDirectory() + "vertical-ocr-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: image) }
        try PNGWriter.write(buffer, to: image)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tesseract)
        process.arguments = [image, "-", "-l", "jpn_vert", "--psm", "5"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seen = Array(String(decoding: read, as: UTF8.self).unicodeScalars.filter { !$0.properties.isWhitespace })
        let page = Array(pagination.pageLines[2].joined().unicodeScalars.filter { !$0.properties.isWhitespace })
        let share = Double(Self.commonSubsequence(Array(page.prefix(600)), Array(seen.prefix(900)))) / Double(max(1, min(600, page.count)))
        XCTAssertGreaterThanOrEqual(share, 0.6, "OCR read \(Int(share * 100))% of the page in order")
    }

    /// The length of the longest common subsequence: how much of `a` is read in order in `b`.
    static func commonSubsequence(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [0]
            for (index, y) in b.enumerated() {
                current.append(x == y ? previous[index] + 1 : max(previous[index + 1], current[index]))
            }
            previous = current
        }
        return previous.last ?? 0
    }
}
