import CCurl
import LinuxSystem

extension HTTPClient {
    /// What one transfer received: the last response's status and headers
    /// (redirects and authentication rounds come before it), and its body
    /// in memory or in a file, within the byte limit.
    final class Receiver {
        let address: String
        let limits: TransferLimits
        private let file: FileDescriptor?
        /// Bytes of the file kept from before (a resumed transfer).
        private(set) var keptBytes: Int
        private(set) var status = 0
        private var headers: [String: String] = [:]
        private(set) var body: [UInt8] = []
        private var received = 0
        private var discarded = 0
        private var started = false
        /// Why the transfer was stopped from here (the limit, the disk).
        private(set) var refusal: NetworkError?
        var finalAddress: String
        var sentCredentials = false
        /// Told the file's size after each piece of the body written.
        var progress: ((TransferProgress) -> Void)?
        /// Stops the transfer when cancelled from another thread.
        var cancellation: TransferCancellation?

        init(address: String, limits: TransferLimits, file: FileDescriptor?, resumeOffset: Int) {
            self.address = address
            self.limits = limits
            self.file = file
            keptBytes = resumeOffset
            finalAddress = address
        }

        var fileSize: Int { keptBytes + received }

        func header(_ name: String) -> String? { headers[name] }

        var validators: HTTPValidators {
            HTTPValidators(etag: headers["etag"], lastModified: headers["last-modified"])
        }

        /// Throws unless the final status is a success.
        func requireSuccess() throws(NetworkError) {
            guard (200..<300).contains(status) else {
                throw NetworkError(address: finalAddress, problem: Self.explain(status: status, sentCredentials: sentCredentials),
                                   kind: .status(status))
            }
            if !started && status != 206 && keptBytes > 0 {
                // An empty whole resource replaces the part kept.
                try restart()
            }
        }

        static let receiveBody: CCurl_DataCallback = { data, size, count, context in
            guard let context else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return receiver.take(bytes) ? size * count : 0
        }

        static let checkCancelled: CCurl_ProgressCallback = { context, _, _, _, _ in
            guard let context else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
            return receiver.cancellation?.isCancelled == true ? 1 : 0
        }

        static let receiveHeader: CCurl_DataCallback = { data, size, count, context in
            guard let context, let data else { return 0 }
            let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            receiver.note(headerLine: line)
            return size * count
        }

        private func note(headerLine: String) {
            let line = headerLine.trimmingCharacters(in: " \t\r\n")
            if line.hasPrefix("HTTP/") {
                // A new response (after a redirect, an authentication round or a 100 Continue).
                let fields = line.split(separator: " ", maxSplits: 2)
                status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
                headers = [:]
                return
            }
            guard let colon = line.firstIndex(of: ":") else { return }
            let name = line[..<colon].lowercased()
            headers[name] = String(line[line.index(after: colon)...]).trimmingCharacters(in: " \t")
        }

        private func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
            if cancellation?.isCancelled == true { return false }
            guard (200..<300).contains(status) else {
                // An error page: not kept, but not read without end either.
                discarded += bytes.count
                return discarded <= 1 << 20
            }
            do throws(NetworkError) {
                if !started {
                    started = true
                    try begin()
                }
                guard fileSize + bytes.count <= limits.maximumBytes else {
                    refusal = NetworkError(address: finalAddress, problem: "larger than \(limits.limitName); stopped",
                                           kind: .tooLarge)
                    return false
                }
                if let file {
                    do throws(SystemError) { try file.writeAll(bytes) } catch {
                        throw NetworkError(address: finalAddress, problem: "cannot write \(file.path): \(error)", kind: .localFile)
                    }
                } else {
                    body.append(contentsOf: bytes)
                }
                received += bytes.count
                progress?(TransferProgress(bytes: fileSize, expectedBytes: expectedSize))
                return true
            } catch {
                refusal = error
                return false
            }
        }

        /// The whole resource's size: a part's Content-Range total, else
        /// the kept bytes and the body's Content-Length.
        private var expectedSize: Int? {
            if status == 206, let total = headers["content-range"]?.split(separator: "/").last.flatMap({ Int($0) }) {
                return total
            }
            return headers["content-length"].flatMap { Int($0) }.map { keptBytes + $0 }
        }

        /// At the first byte of a successful body: a part (206) must go on
        /// where the file ends; a whole resource replaces what was kept.
        private func begin() throws(NetworkError) {
            if status == 206 {
                let range = headers["content-range"] ?? ""
                let start = range.split(whereSeparator: { $0 == " " || $0 == "-" }).dropFirst().first.flatMap { Int($0) }
                guard start == keptBytes else {
                    throw NetworkError(address: finalAddress, problem: "the server sent a part from \(start ?? -1), "
                                       + "not from byte \(keptBytes) as asked", kind: .other)
                }
            } else if keptBytes > 0 {
                try restart()
            }
        }

        private func restart() throws(NetworkError) {
            guard let file else { return }
            do throws(SystemError) { try file.truncate(to: 0) } catch {
                throw NetworkError(address: finalAddress, problem: "cannot write \(file.path): \(error)", kind: .localFile)
            }
            keptBytes = 0
        }

        private static func explain(status: Int, sentCredentials: Bool) -> String {
            switch status {
            case 401 where sentCredentials: return "HTTP 401: the user name or password was refused"
            case 401: return "HTTP 401: the server asks for a user name and password (give them in the address: http://user:password@host/...)"
            case 403: return "HTTP 403: forbidden"
            case 404: return "HTTP 404: not found"
            case 304: return "HTTP 304: not modified, although nothing was asked conditionally"
            case 500..<600: return "HTTP \(status): the server failed"
            case 300..<400: return "HTTP \(status): a redirect without a place to go"
            default: return "HTTP \(status)"
            }
        }
    }

    /// A libcurl failure in words.
    static func failure(_ code: CURLcode, detail: String, address: String, limits: TransferLimits,
                        elapsed: Double) -> NetworkError {
        let more = detail.isEmpty ? "" : " (\(WebAddress.withoutUserinfo(detail)))"
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return NetworkError(address: address, problem: "host not found\(more)", kind: .unreachable)
        case CURLE_COULDNT_CONNECT:
            return NetworkError(address: address, problem: "cannot connect\(more)", kind: .unreachable)
        case CURLE_OPERATION_TIMEDOUT:
            if elapsed + 1 >= Double(limits.totalSeconds) {
                return NetworkError(address: address, problem: "took longer than \(limits.totalSeconds) s; stopped", kind: .timedOut)
            }
            if detail.lowercased().contains("connect") {
                return NetworkError(address: address, problem: "no connection within \(limits.connectSeconds) s", kind: .timedOut)
            }
            return NetworkError(address: address, problem: "no answer for \(limits.stallSeconds) s; gave up", kind: .timedOut)
        case CURLE_TOO_MANY_REDIRECTS:
            return NetworkError(address: address, problem: "more than \(limits.maximumRedirects) redirects (a redirect loop?)",
                                kind: .redirects)
        case CURLE_FILESIZE_EXCEEDED:
            return NetworkError(address: address, problem: "larger than \(limits.limitName); not downloaded", kind: .tooLarge)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return NetworkError(address: address, problem: "redirected to an address that is not http or https\(more)", kind: .badAddress)
        case CURLE_URL_MALFORMAT:
            return NetworkError(address: address, problem: "not a valid address\(more)", kind: .badAddress)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR:
            return NetworkError(address: address, problem: "TLS failed: the server's certificate is not trusted or the handshake failed\(more)",
                                kind: .other)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
            return NetworkError(address: address, problem: "the connection broke\(more)", kind: .unreachable)
        default:
            let words = String(cString: CCurl_easyStrerror(code))
            return NetworkError(address: address, problem: "\(words)\(more)", kind: .other)
        }
    }
}

extension String {
    /// Without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self).unicodeScalars
        while let first = view.first, scalars.contains(first) { view.removeFirst() }
        while let last = view.last, scalars.contains(last) { view.removeLast() }
        return String(view)
    }
}
