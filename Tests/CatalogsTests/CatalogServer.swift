import Foundation
import XCTest

/// A catalog server on 127.0.0.1 for one test: python3's http.server
/// serving a folder, with Range requests, ETags, basic authentication
/// under /private/, and hostile answers (/loop redirects to itself,
/// /slow never answers, /endless never ends, and a transfer cut in half
/// while a file named `cut` is in the folder). Every request is noted in
/// `requests.log` there.
final class CatalogServer {
    let folder: String
    let port: Int
    private let process: Process

    static let script = #"""
import base64, hashlib, http.server, os, sys, time
root = sys.argv[1]
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def log_message(self, *args): pass
    def note(self):
        with open(os.path.join(root, 'requests.log'), 'a') as log:
            log.write('%s range=%s auth=%s inm=%s\n' % (self.path, self.headers.get('Range'),
                      self.headers.get('Authorization'), self.headers.get('If-None-Match')))
    def answer(self, code, body=b'', kind='text/plain', headers=()):
        self.send_response(code)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(body)))
        for name, value in headers: self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        self.note()
        path = self.path.split('?')[0]
        if path.startswith('/private/'):
            if self.headers.get('Authorization') != 'Basic ' + base64.b64encode(b'kiosk:s3cret').decode():
                return self.answer(401, b'no', headers=[('WWW-Authenticate', 'Basic realm="books"')])
            path = path[len('/private'):]
        if path == '/loop': return self.answer(302, headers=[('Location', '/loop')])
        if path == '/slow':
            time.sleep(30); return
        if path == '/endless':
            self.send_response(200); self.send_header('Content-Type', 'text/plain'); self.send_header('Connection', 'close'); self.end_headers()
            try:
                for _ in range(100000): self.wfile.write(b'x' * 65536)
            except Exception: pass
            self.close_connection = True
            return
        file = os.path.join(root, path.lstrip('/'))
        if '..' in path or not os.path.isfile(file): return self.answer(404, b'not found')
        data = open(file, 'rb').read()
        kind = 'application/atom+xml' if file.endswith('.xml') else 'application/opds+json' if file.endswith('.json') else 'text/plain'
        etag = '"' + hashlib.sha1(data).hexdigest() + '"'
        if self.headers.get('If-None-Match') == etag:
            self.send_response(304); self.send_header('ETag', etag); self.end_headers(); return
        cut = os.path.join(root, 'cut')
        if os.path.exists(cut):
            os.remove(cut)
            self.send_response(200); self.send_header('Content-Length', str(len(data))); self.send_header('ETag', etag)
            self.end_headers(); self.wfile.write(data[:len(data) // 2]); self.wfile.flush()
            self.close_connection = True
            return
        start = 0
        asked = self.headers.get('Range')
        if asked and asked.startswith('bytes=') and asked.endswith('-'):
            start = int(asked[6:-1])
            if start >= len(data): return self.answer(416)
            return self.answer(206, data[start:], kind, [('ETag', etag), ('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data)))])
        self.answer(200, data, kind, [('ETag', etag)])
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is not installed") }
        var template = Array("/tmp/catalogs-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("cannot make a temporary folder") }
        folder = String(cString: made)
        let scriptPath = folder + ".py"
        try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [scriptPath, folder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { break }
            line.append(more)
        }
        guard let number = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw XCTSkip("the test server did not start")
        }
        port = number
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func put(_ name: String, _ contents: String) throws {
        try contents.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: folder + "/" + name) }

    /// The requests made so far, one line each.
    var requests: [String] {
        ((try? String(contentsOfFile: folder + "/requests.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: folder + ".py")
    }
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
