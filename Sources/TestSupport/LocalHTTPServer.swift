import FoundationEssentials
import Glibc

/// A web server on 127.0.0.1 for one test: python3's http.server serving
/// a folder of its own (query strings ignored, sizes and ETags sent, Range
/// requests answered), with basic authentication under /private/
/// (kiosk:s3cret) and hostile answers: /loop redirects to itself, /slow
/// never answers, /endless never ends, /trickle/NAME sends the file NAME a
/// kilobyte every tenth of a second, and a transfer is cut in half while a
/// file named `cut` is in the folder. Every request is noted in
/// `requests.log` there.
public final class LocalHTTPServer {
    public let folder: String
    public let port: Int
    private let child: pid_t

    /// Why no server could be started (no python3, no temporary folder).
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    static let script = #"""
import base64, hashlib, http.server, mimetypes, os, sys, time
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
    def endless(self, data, pause, times):
        try:
            for _ in range(times):
                self.wfile.write(data); self.wfile.flush(); time.sleep(pause)
        except Exception: pass
        self.close_connection = True
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
            return self.endless(b'x' * 65536, 0, 100000)
        trickle = path.startswith('/trickle/')
        if trickle: path = path[len('/trickle'):]
        file = os.path.join(root, path.lstrip('/'))
        if '..' in path or not os.path.isfile(file): return self.answer(404, b'not found')
        data = open(file, 'rb').read()
        kind = 'application/atom+xml' if file.endswith('.xml') else 'application/opds+json' if file.endswith('.json') \
            else mimetypes.guess_type(file)[0] or 'text/plain'
        etag = '"' + hashlib.sha1(data).hexdigest() + '"'
        if trickle:
            self.send_response(200); self.send_header('Content-Type', kind); self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            return self.endless(data[:1024], 0.1, (len(data) + 1023) // 1024)
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

    /// Starts the server on a port of its own, serving a new empty folder.
    public init() throws(Unavailable) {
        let python = "/usr/bin/python3"
        guard access(python, X_OK) == 0 else { throw Unavailable(description: "python3 is not installed") }
        var template = Array("/tmp/ebook-fb-server-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Unavailable(description: "cannot make a temporary folder") }
        folder = String(cString: made)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Unavailable(description: "cannot make a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        let arguments = [python, "-c", Self.script, folder]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, python, &actions, nil, &argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw Unavailable(description: "cannot start python3 (error \(spawned))") }
        child = pid
        // The script prints its port on its first line once it listens.
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let number = Int(String(decoding: line, as: UTF8.self)) else {
            kill(pid, SIGTERM)
            waitpid(pid, nil, 0)
            throw Unavailable(description: "the test server did not start")
        }
        port = number
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    public func put(_ name: String, _ contents: String) throws {
        try put(name, bytes: Array(contents.utf8))
    }

    public func put(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name), options: .atomic)
    }

    public func remove(_ name: String) { unlink(folder + "/" + name) }

    /// The requests made so far, one line each.
    public var requests: [String] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/requests.log"))) ?? Data()
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Ends the server and removes its folder.
    public func stop() {
        kill(child, SIGTERM)
        waitpid(child, nil, 0)
        try? FileManager.default.removeItem(atPath: folder)
    }
}
