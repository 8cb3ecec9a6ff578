/// One parsed HTTP/1.x request: what the server hands to its handler.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent (`/font?style=body`).
    public var target: String
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    public var minorVersion: Int
    /// Header fields in the order received; names as sent (compare them without case).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The authority (`host[:port]`) of a target sent in absolute form (`http://host:port/path`,
    /// RFC 9112 §3.2.2), whose path and query `target` keeps; nil for a target in origin form.
    public var authority: String?

    public init(
        method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        authority: String? = nil
    ) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
        self.authority = authority
    }

    /// The host the request is for: an absolute-form target's authority, which wins over `Host`
    /// (RFC 9112 §3.2.2: the server ignores `Host` then), else the `Host` field; nil without either.
    public var host: String? { authority ?? header("Host") }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { Self.namesEqual($0.name, name) }?.value
    }

    /// Whether two field names are equal ignoring ASCII case (RFC 9110 §5.1); allocates nothing.
    public static func namesEqual(_ first: String, _ second: String) -> Bool {
        let a = first.utf8
        let b = second.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { lowered($0) == lowered($1) }
    }

    @inline(__always) static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The path part of the target, before any `?`.
    public var path: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }

    /// The query part of the target, after the first `?` (empty when there is none).
    public var query: Substring {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return target[target.index(after: mark)...]
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`, and never after an HTTP/1.0 request with
    /// `Transfer-Encoding` (RFC 9112 §6.1: its framing is faulty; close after answering it).
    public var keepAlive: Bool {
        var close = false
        var keepAlive = false
        if minorVersion == 0, headers.contains(where: { Self.namesEqual($0.name, "transfer-encoding") }) { return false }
        for field in headers where Self.namesEqual(field.name, "connection") {
            for token in field.value.utf8.split(separator: UInt8(ascii: ",")) {
                let trimmed = token.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
                if Self.tokenEquals(trimmed, "close") { close = true }
                if Self.tokenEquals(trimmed, "keep-alive") { keepAlive = true }
            }
        }
        if close { return false }
        return minorVersion >= 1 || keepAlive
    }

    private static func tokenEquals(_ token: some Collection<UInt8>, _ lowercase: String) -> Bool {
        token.count == lowercase.utf8.count && zip(token, lowercase.utf8).allSatisfy { lowered($0) == $1 }
    }

    /// Whether the client waits for `100 Continue` before sending its body.
    public var expectsContinue: Bool { header("Expect").map { Self.tokenEquals($0.utf8, "100-continue") } ?? false }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion && lhs.authority == rhs.authority
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
            && lhs.body == rhs.body
    }
}
