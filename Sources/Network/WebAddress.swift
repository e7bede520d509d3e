/// An http or https address as the catalogs give it, with the credentials
/// of its userinfo (`http://user:password@host/...`) taken out: the
/// address is what messages and output show, the credentials go to the
/// server that asked for them and nowhere else.
public struct WebAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The address without userinfo.
    public let text: String
    /// `scheme://host:port`, lower case: which server credentials belong to.
    public let origin: String
    public let credentials: WebCredentials?

    /// Parses `string`; anything but an absolute http or https address is refused.
    public init(_ string: String) throws(NetworkError) {
        let shown = Self.withoutUserinfo(string)
        guard let parts = Parts(string) else {
            throw NetworkError(address: shown, problem: "not an http or https address", kind: .badAddress)
        }
        let scheme = parts.scheme.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw NetworkError(address: shown, problem: "not an http or https address (\(scheme):)", kind: .badAddress)
        }
        let hostPort = parts.hostPort
        let badCharacter = hostPort.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
        guard !hostPort.isEmpty, !badCharacter else {
            throw NetworkError(address: shown, problem: "not a valid address (no host)", kind: .badAddress)
        }
        credentials = parts.userinfo.map { userinfo in
            let colon = userinfo.firstIndex(of: ":")
            let user = Self.percentDecoded(userinfo[..<(colon ?? userinfo.endIndex)])
            let password = colon.map { Self.percentDecoded(userinfo[userinfo.index(after: $0)...]) } ?? ""
            return WebCredentials(user: user, password: password)
        }
        var host = hostPort.lowercased()
        // The default port is the same server written differently.
        let defaultPort = scheme == "http" ? ":80" : ":443"
        if host.hasSuffix(defaultPort) { host.removeLast(defaultPort.count) }
        text = String(parts.scheme) + "://" + String(hostPort) + String(parts.rest)
        origin = scheme + "://" + host
    }

    /// An address cut where RFC 3986 cuts it: scheme, userinfo, host and
    /// port, and the rest (path, query, fragment).
    private struct Parts {
        var scheme: Substring
        var userinfo: Substring?
        var hostPort: Substring
        var rest: Substring

        init?(_ string: String) {
            guard let colon = string.firstIndex(of: ":"), string[colon...].hasPrefix("://") else { return nil }
            scheme = string[..<colon]
            let afterScheme = string[string.index(colon, offsetBy: 3)...]
            let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
            let authority = afterScheme[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                userinfo = authority[..<at]
                hostPort = authority[authority.index(after: at)...]
            } else {
                hostPort = authority
            }
            rest = afterScheme[authorityEnd...]
        }
    }

    public var description: String { text }

    /// `string` with any userinfo left out, for messages about an address
    /// that may not even parse.
    public static func withoutUserinfo(_ string: String) -> String {
        guard let parts = Parts(string), parts.userinfo != nil else { return string }
        return String(parts.scheme) + "://" + String(parts.hostPort) + String(parts.rest)
    }

    /// `text` with its %XX escapes decoded as UTF-8 bytes; a stray `%` is kept.
    public static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A user name and password for HTTP basic or digest authentication.
public struct WebCredentials: Equatable, Hashable, Sendable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}
