import Foundation
import XCTest

/// A folder of feeds and books served over HTTP on 127.0.0.1 for one
/// test, by python3's http.server (sizes sent, query strings ignored).
final class FeedServer {
    let folder: String
    let port: Int
    private let process: Process

    private static let script = #"""
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.func.log_message = lambda *args: None
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is not installed") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-feeds-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.script, folder]
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

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
