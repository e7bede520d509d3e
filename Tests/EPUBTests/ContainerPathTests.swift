@testable import EPUB
import XCTest

final class ContainerPathTests: XCTestCase {
    private func resolve(_ reference: String, from base: String = "OEBPS/text/ch1.xhtml") -> ContainerReference {
        ContainerReference.resolve(reference, from: base)
    }

    func testRelativePathsAndFragments() {
        XCTAssertEqual(resolve("ch2.xhtml"), .inside(path: "OEBPS/text/ch2.xhtml", fragment: nil))
        XCTAssertEqual(resolve("../images/a%20b.png"), .inside(path: "OEBPS/images/a b.png", fragment: nil))
        XCTAssertEqual(resolve("./ch2.xhtml#note%2D1"), .inside(path: "OEBPS/text/ch2.xhtml", fragment: "note-1"))
        XCTAssertEqual(resolve("#top"), .inside(path: "OEBPS/text/ch1.xhtml", fragment: "top"))
        XCTAssertEqual(resolve("ch2.xhtml?x=1#a"), .inside(path: "OEBPS/text/ch2.xhtml", fragment: "a"))
        XCTAssertEqual(resolve("sub/./../ch3.xhtml"), .inside(path: "OEBPS/text/ch3.xhtml", fragment: nil))
        XCTAssertEqual(resolve("..\\images\\c.png"), .inside(path: "OEBPS/images/c.png", fragment: nil))
    }

    func testExtraParentSegmentsStopAtTheRoot() {
        XCTAssertEqual(resolve("../../../../../../etc/passwd"), .inside(path: "etc/passwd", fragment: nil))
        XCTAssertEqual(resolve("../../../../media/imgs/monastery.jpg", from: "EPUB/content_001.xhtml"),
                       .inside(path: "media/imgs/monastery.jpg", fragment: nil))
        XCTAssertEqual(resolve("%2e%2e/%2e%2e/%2e%2e/x"), .inside(path: "x", fragment: nil))
    }

    func testAbsolutePathsStartAtTheContainersRoot() {
        XCTAssertEqual(resolve("/media/imgs/monastery.jpg"), .inside(path: "media/imgs/monastery.jpg", fragment: nil))
        XCTAssertEqual(resolve("/etc/passwd"), .inside(path: "etc/passwd", fragment: nil))
        XCTAssertEqual(resolve("/"), .inside(path: "", fragment: nil))
    }

    func testSchemesAndNetworkPathsAreOutside() {
        for reference in ["file:///etc/passwd", "FILE:/etc/passwd", "http://example.com/a.png", "mailto:a@b.c",
                          "data:image/png;base64,AAAA", "//example.com/x", "\\\\server\\share"] {
            guard case .outside = resolve(reference) else { return XCTFail("\(reference) resolved inside the book") }
        }
        XCTAssertEqual(resolve("c:foo.png").path, nil, "a one-letter scheme is still a scheme")
        XCTAssertEqual(resolve("1:foo.png").path, "OEBPS/text/1:foo.png", "a scheme starts with a letter")
    }
}
