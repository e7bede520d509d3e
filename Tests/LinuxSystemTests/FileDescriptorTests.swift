import Foundation
import LinuxSystem
import XCTest

final class FileDescriptorTests: XCTestCase {
    /// More than a pipe holds: the writes come back short and continue
    /// with the rest while another thread drains the pipe.
    func testWriteAllDeliversEveryByteThroughAPipe() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let readEnd = pipe.readEnd
        let received = LockedBytes()
        let drained = expectation(description: "drained")
        Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received.append(chunk[..<count])
            }
            drained.fulfill()
        }.start()
        try FileDescriptor(rawValue: pipe.writeEnd, path: "test pipe").writeAll(bytes)
        _ = Glibc.close(pipe.writeEnd)
        wait(for: [drained], timeout: 30)
        XCTAssertEqual(received.bytes, bytes)
    }

    func testWriteAllToAFullDeviceNamesThePath() throws {
        let full = try FileDescriptor.open("/dev/full", flags: O_WRONLY)
        defer { full.close() }
        XCTAssertThrowsError(try full.writeAll([1, 2, 3])) {
            XCTAssertEqual($0 as? SystemError, SystemError(operation: "write", path: "/dev/full", errno: ENOSPC))
        }
    }

    func testReadBytesStopsAtTheEndOfTheFileAndReadsFromAnOffset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/data"
        let contents = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        try AtomicFile.replace(path: path, contents: contents)
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        defer { file.close() }
        XCTAssertEqual(try file.readBytes(count: 200_000), contents)
        XCTAssertEqual(try file.readBytes(count: 10, fromOffset: 99_995), Array(contents[99_995...]))
        XCTAssertEqual(try file.readBytes(count: 0), [])
        XCTAssertEqual(Int(try file.status().st_size), contents.count)
        XCTAssertEqual(try FileDescriptor.readFile(path), contents)
    }

    func testReadingNothingAvailableIsNilNotAnError() throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        _ = fcntl(pipe.readEnd, F_SETFL, O_NONBLOCK)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 8)
        defer { buffer.deallocate() }
        XCTAssertNil(try FileDescriptor(rawValue: pipe.readEnd, path: "pipe").read(into: buffer))
    }
}

/// Bytes appended by one thread and read by another after it finished.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt8] = []

    func append(_ more: ArraySlice<UInt8>) { lock.withLock { stored += more } }
    var bytes: [UInt8] { lock.withLock { stored } }
}
