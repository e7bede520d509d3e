import Catalogs
import Foundation
import Network
import TestSupport
import XCTest

/// A catalog's search filled in for a query, from a template or an
/// OpenSearch description served on 127.0.0.1, and a download's progress.
final class CatalogSearchTests: XCTestCase {
    func testTemplatesAreFilledWithTheQueryEncoded() {
        XCTAssertEqual(CatalogSearch.address(template: "http://h/search?q={searchTerms}&page={startPage?}", query: "Moby Dick"),
                       "http://h/search?q=Moby%20Dick&page=")
        XCTAssertEqual(CatalogSearch.address(template: "http://h/opds/search{?query}", query: "Tolstoï & co"),
                       "http://h/opds/search?query=Tolsto%C3%AF%20%26%20co")
        XCTAssertEqual(CatalogSearch.address(template: "http://h/s/{searchTerms}", query: "a/b?c"), "http://h/s/a%2Fb%3Fc",
                       "nothing of the query steers the address")
        XCTAssertEqual(CatalogSearch.address(template: "http://h/search{?title,author}", query: "x"), "http://h/search")
    }

    func testAnOpenSearchDescriptionGivesItsAtomTemplateMadeAbsolute() throws {
        let server = try startServer()
        defer { server.stop() }
        try server.put("opensearch.xml", """
            <?xml version="1.0"?><OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
            <Url type="text/html" template="/html?q={searchTerms}"/>
            <Url type="application/atom+xml;profile=opds-catalog" template="/opds/find.xml?q={searchTerms}"/>
            </OpenSearchDescription>
            """)
        let link = CatalogLink(rel: "search", type: "application/opensearchdescription+xml", href: server.base + "/opensearch.xml")
        let template = try CatalogSearch.template(of: link, client: HTTPClient())
        XCTAssertEqual(template, server.base + "/opds/find.xml?q={searchTerms}")
        let plain = CatalogLink(rel: "search", type: "application/atom+xml", href: server.base + "/s?q={searchTerms}")
        XCTAssertEqual(try CatalogSearch.template(of: plain, client: HTTPClient()), plain.href, "a template is its own")

        try server.put("empty.xml", "<OpenSearchDescription xmlns=\"http://a9.com/-/spec/opensearch/1.1/\"/>")
        let empty = CatalogLink(rel: "search", type: "application/opensearchdescription+xml", href: server.base + "/empty.xml")
        XCTAssertThrowsError(try CatalogSearch.template(of: empty, client: HTTPClient())) { error in
            XCTAssertTrue("\(error)".hasSuffix("empty.xml: an OpenSearch description without a Url template"), "\(error)")
        }
    }

    func testADownloadReportsItsProgressUpToTheWholeSize() throws {
        let server = try startServer()
        defer { server.stop() }
        let book = sampleBook("River", paragraphs: 4000)
        try server.put("river.txt", book)
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let link = CatalogLink(rel: CatalogLink.acquisitionRel, type: "text/plain", href: server.base + "/river.txt")
        var reports: [TransferProgress] = []
        _ = try BookDownload(client: HTTPClient(), maximumBytes: 10 << 20, totalSeconds: 20, minimumFreeBytes: 0)
            .fetch(link, kind: .text, into: folder.path, as: "river.txt") { reports.append($0) }
        let size = book.utf8.count
        XCTAssertFalse(reports.isEmpty)
        XCTAssertEqual(reports.last, TransferProgress(bytes: size, expectedBytes: size))
        XCTAssertEqual(reports.map(\.bytes), reports.map(\.bytes).sorted(), "only forward")
        XCTAssertTrue(reports.allSatisfy { $0.expectedBytes == size }, "the whole size from Content-Length")
    }

    func testAnUnreachableServerIsSaidSo() {
        XCTAssertThrowsError(try CatalogReader(client: HTTPClient()).page("http://127.0.0.1:1/root.xml")) { error in
            XCTAssertEqual((error as? CatalogError)?.isUnreachable, true, "\(error)")
        }
        let server = try? LocalHTTPServer()
        defer { server?.stop() }
        guard let server else { return }
        XCTAssertThrowsError(try CatalogReader(client: HTTPClient()).page(server.base + "/missing.xml")) { error in
            XCTAssertEqual((error as? CatalogError)?.isUnreachable, false, "a 404 is an answer")
        }
    }
}
