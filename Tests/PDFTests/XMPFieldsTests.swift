import XCTest
@testable import PDF

final class XMPFieldsTests: XCTestCase {
    func testTitleAndCreatorsFromDublinCore() {
        let packet = """
            <x:xmpmeta><rdf:RDF><rdf:Description>
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Moby-Dick &amp; Other Tales</rdf:li></rdf:Alt></dc:title>
            <dc:creator><rdf:Seq><rdf:li>Herman Melville</rdf:li><rdf:li> Anon </rdf:li></rdf:Seq></dc:creator>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let fields = XMPFields(packet)
        XCTAssertEqual(fields.items(of: "dc:title"), ["Moby-Dick & Other Tales"])
        XCTAssertEqual(fields.items(of: "dc:creator"), ["Herman Melville", "Anon"])
        XCTAssertEqual(fields.items(of: "dc:subject"), [])
    }

    func testAuthorEntryNamingSeveral() {
        XCTAssertEqual(PDFMetadata.names("Ann Smith; Bo Lee ;"), ["Ann Smith", "Bo Lee"])
    }
}
