import Foundation
import TestSupport
import XCTest

/// The local test server, or a skip when it cannot start.
func startServer() throws -> LocalHTTPServer {
    do { return try LocalHTTPServer() } catch { throw XCTSkip(error.description) }
}

/// A folder of one test's own under /tmp, removed with its contents.
struct ScratchFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/catalogs-books-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("cannot make a temporary folder") }
        path = String(cString: made)
    }

    /// Every name in the folder, hidden ones too, sorted.
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Plain text that opens as a book.
func sampleBook(_ title: String, paragraphs: Int = 40) -> String {
    var text = "\(title)\n\nCHAPTER I\n\n"
    for index in 0..<paragraphs {
        text += "Paragraph \(index) of \(title): the river ran past the mill, and the miller counted the sacks of flour.\n\n"
    }
    return text
}

/// An OPDS 1.2 acquisition feed of text books (`file`, `updated`).
func acquisitionFeed(_ books: [(file: String, updated: String)], next: String? = nil) -> String {
    var entries = ""
    for book in books {
        entries += "<entry><title>\(book.file)</title><id>urn:test:\(book.file)</id><updated>\(book.updated)</updated>"
            + "<link rel=\"http://opds-spec.org/acquisition\" href=\"\(book.file)\" type=\"text/plain\"/></entry>"
    }
    let nextLink = next.map { "<link rel=\"next\" href=\"\($0)\" type=\"application/atom+xml;profile=opds-catalog\"/>" } ?? ""
    return "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:test:shelf</id><title>Shelf</title>"
        + nextLink + entries + "</feed>"
}
