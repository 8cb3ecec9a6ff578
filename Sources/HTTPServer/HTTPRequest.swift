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

    public init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The path part of the target, before any `?`.
    public var path: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }

    /// The query part of the target, after the first `?` (empty when there is none).
    public var query: Substring {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return target[target.index(after: mark)...]
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        let tokens = headers.filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map { $0.trimmingPrefix(while: \.isWhitespace) } }
        if tokens.contains(where: { $0.hasPrefix("close") }) { return false }
        return minorVersion >= 1 || tokens.contains { $0.hasPrefix("keep-alive") }
    }

    /// Whether the client waits for `100 Continue` before sending its body.
    public var expectsContinue: Bool { header("Expect")?.lowercased() == "100-continue" }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
            && lhs.body == rhs.body
    }
}
