import CCurl
import Glibc
import LinuxSystem

/// The one owner of libcurl: GET into memory or into a file, each bounded
/// in bytes and time, redirects followed a few times, TLS checked against
/// the system's certificates, basic and digest authentication with the
/// credentials of the address it was made for (sent only to that server).
/// Every failure is a `NetworkError`: the address and what went wrong.
public final class HTTPClient {
    private let credentials: WebCredentials?
    private let credentialsOrigin: String?
    private let userAgent: String

    /// A client that answers an authentication request from the server of
    /// `catalog` with `catalog`'s credentials (its userinfo), also for the
    /// other addresses on that server the catalog links to.
    public init(credentialsOf catalog: WebAddress? = nil, userAgent: String = "ebook-fb") {
        credentials = catalog?.credentials
        credentialsOrigin = catalog?.origin
        self.userAgent = userAgent
        // Reference counted and thread-safe in libcurl; kept for the
        // process's life once loaded, as the library itself is.
        if CCurl_load() == 1 { _ = CCurl_globalInit(Self.globalDefault) }
    }

    /// GETs `address` into memory. A status other than 2xx fails; so does
    /// a transfer `cancellation` stops (`.cancelled`).
    public func get(_ address: String, limits: TransferLimits, accept: String? = nil,
                    cancellation: TransferCancellation? = nil) throws(NetworkError) -> HTTPResponse {
        let target = try WebAddress(address)
        let receiver = Receiver(address: target.text, limits: limits, file: nil, resumeOffset: 0)
        var headers: [String] = []
        if let accept { headers.append("Accept: " + accept) }
        try perform(target, receiver: receiver, limits: limits, headers: headers, compressed: true, cancellation: cancellation)
        try receiver.requireSuccess()
        return HTTPResponse(status: receiver.status, body: receiver.body, contentType: receiver.header("content-type"),
                            validators: receiver.validators, finalAddress: receiver.finalAddress)
    }

    /// GETs `address` into the file at `path`. With `resume`, bytes
    /// already in the file are kept and only the rest is asked for (an
    /// HTTP Range, with `If-Range` when `resumeValidators` say which
    /// version they are of); a server that sends the whole resource
    /// instead starts the file again. `unlessMatching` makes the request
    /// conditional: `.notModified` when the server's version is that one.
    /// The file is created when missing; on failure it holds what arrived
    /// of the resource (the caller removes or keeps it). `progress` is
    /// called on this thread as the body arrives; `cancellation` stops the
    /// transfer from another (`.cancelled`).
    public func download(_ address: String, to path: String, limits: TransferLimits, resume: Bool = false,
                         resumeValidators: HTTPValidators? = nil, unlessMatching: HTTPValidators? = nil,
                         progress: ((TransferProgress) -> Void)? = nil,
                         cancellation: TransferCancellation? = nil) throws(NetworkError) -> FileTransfer {
        let target = try WebAddress(address)
        let file: FileDescriptor
        var existing = 0
        do throws(SystemError) {
            file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, permissions: 0o644)
            existing = Int(try file.status().st_size)
            if !resume && existing > 0 {
                try file.truncate(to: 0)
                existing = 0
            }
        } catch {
            throw NetworkError(address: target.text, problem: "cannot write \(path): \(error)", kind: .localFile)
        }
        defer { file.close() }
        if existing > limits.maximumBytes {
            throw NetworkError(address: target.text, problem: "larger than \(limits.limitName); stopped", kind: .tooLarge)
        }
        var receiver = Receiver(address: target.text, limits: limits, file: file, resumeOffset: existing)
        receiver.progress = progress
        var headers: [String] = []
        if existing > 0 {
            headers.append("Range: bytes=\(existing)-")
            if let etag = resumeValidators?.etag {
                headers.append("If-Range: " + etag)
            } else if let date = resumeValidators?.lastModified {
                headers.append("If-Range: " + date)
            }
        } else if let unlessMatching {
            if let etag = unlessMatching.etag { headers.append("If-None-Match: " + etag) }
            if let date = unlessMatching.lastModified { headers.append("If-Modified-Since: " + date) }
        }
        try perform(target, receiver: receiver, limits: limits, headers: headers, compressed: false, cancellation: cancellation)
        if receiver.status == 416 && existing > 0 {
            // The part kept is not a part of what the server has now: start again.
            do throws(SystemError) { try file.truncate(to: 0) } catch {
                throw NetworkError(address: target.text, problem: "cannot write \(path): \(error)", kind: .localFile)
            }
            existing = 0
            receiver = Receiver(address: target.text, limits: limits, file: file, resumeOffset: 0)
            receiver.progress = progress
            try perform(target, receiver: receiver, limits: limits, headers: [], compressed: false, cancellation: cancellation)
        }
        if receiver.status == 304 && unlessMatching != nil && existing == 0 { return .notModified }
        try receiver.requireSuccess()
        return .complete(.init(bytes: receiver.fileSize, resumedFrom: receiver.keptBytes,
                               contentType: receiver.header("content-type"), validators: receiver.validators,
                               finalAddress: receiver.finalAddress))
    }

    /// One request through a fresh easy handle; failures of the transfer
    /// itself (not of the status) throw.
    private func perform(_ target: WebAddress, receiver: Receiver, limits: TransferLimits, headers: [String],
                         compressed: Bool, cancellation: TransferCancellation?) throws(NetworkError) {
        guard CCurl_load() == 1 else {
            throw NetworkError(address: target.text, problem: "libcurl cannot be loaded (is libcurl4 installed?)", kind: .other)
        }
        guard let handle = CCurl_easyInit() else {
            throw NetworkError(address: target.text, problem: "libcurl could not start a transfer", kind: .other)
        }
        defer { CCurl_easyCleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = CCurl_slistAppend(list, header) }
        defer { CCurl_slistFreeAll(list) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        let context = Unmanaged.passUnretained(receiver).toOpaque()

        var failed = false
        func set(_ result: CURLcode) { if result != CURLE_OK { failed = true } }
        set(CCurl_setString(handle, CURLOPT_URL, target.text))
        set(CCurl_setString(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(CCurl_setString(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        set(CCurl_setLong(handle, CURLOPT_FOLLOWLOCATION, 1))
        set(CCurl_setLong(handle, CURLOPT_MAXREDIRS, limits.maximumRedirects))
        set(CCurl_setLong(handle, CURLOPT_NOSIGNAL, 1))
        set(CCurl_setLong(handle, CURLOPT_CONNECTTIMEOUT, limits.connectSeconds))
        set(CCurl_setLong(handle, CURLOPT_TIMEOUT, limits.totalSeconds))
        set(CCurl_setLong(handle, CURLOPT_LOW_SPEED_LIMIT, 1))
        set(CCurl_setLong(handle, CURLOPT_LOW_SPEED_TIME, limits.stallSeconds))
        set(CCurl_setOffset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(0, limits.maximumBytes - receiver.keptBytes))))
        set(CCurl_setString(handle, CURLOPT_USERAGENT, userAgent))
        if compressed { set(CCurl_setString(handle, CURLOPT_ACCEPT_ENCODING, "")) }
        set(CCurl_setPointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
        set(CCurl_setList(handle, CURLOPT_HTTPHEADER, list))
        set(CCurl_setDataCallback(handle, CURLOPT_WRITEFUNCTION, Receiver.receiveBody))
        set(CCurl_setPointer(handle, CURLOPT_WRITEDATA, context))
        set(CCurl_setDataCallback(handle, CURLOPT_HEADERFUNCTION, Receiver.receiveHeader))
        set(CCurl_setPointer(handle, CURLOPT_HEADERDATA, context))
        if let cancellation {
            // Asked between pieces of data too, so a stalled transfer stops within a second.
            receiver.cancellation = cancellation
            set(CCurl_setLong(handle, CURLOPT_NOPROGRESS, 0))
            set(CCurl_setProgressCallback(handle, Receiver.checkCancelled))
            set(CCurl_setPointer(handle, CURLOPT_XFERINFODATA, context))
        }
        if let credentials = target.credentials ?? (target.origin == credentialsOrigin ? credentials : nil) {
            set(CCurl_setString(handle, CURLOPT_USERNAME, credentials.user))
            set(CCurl_setString(handle, CURLOPT_PASSWORD, credentials.password))
            set(CCurl_setLong(handle, CURLOPT_HTTPAUTH, Self.basicOrDigest))
            receiver.sentCredentials = true
        }
        guard !failed else {
            throw NetworkError(address: target.text, problem: "this libcurl lacks an option the reader needs", kind: .other)
        }

        let code = withExtendedLifetime(receiver) { CCurl_easyPerform(handle) }
        var location: UnsafeMutablePointer<CChar>?
        if CCurl_getString(handle, CURLINFO_EFFECTIVE_URL, &location) == CURLE_OK, let location {
            receiver.finalAddress = WebAddress.withoutUserinfo(String(cString: location))
        }
        guard code != CURLE_OK else { return }
        if cancellation?.isCancelled == true {
            throw NetworkError(address: target.text, problem: "cancelled", kind: .cancelled)
        }
        if let refusal = receiver.refusal { throw refusal }
        var elapsed = 0.0
        _ = CCurl_getDouble(handle, CURLINFO_TOTAL_TIME, &elapsed)
        throw Self.failure(code, detail: String(cString: errorBuffer), address: target.text, limits: limits,
                           elapsed: elapsed)
    }

    /// CURLAUTH_BASIC | CURLAUTH_DIGEST (macros Swift does not import).
    private static let basicOrDigest = 1 | 2
    /// CURL_GLOBAL_DEFAULT: SSL and Win32 (a macro Swift does not import).
    private static let globalDefault: Int = 3
}
