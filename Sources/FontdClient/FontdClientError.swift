/// Why a `FontdClient` call failed.
public enum FontdClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered with an error (docs/DESIGN.md §8 (Errors)): a bad value, a missing token, …
    case server(ServerError)
    /// The base URL cannot address a fontd server: not `http(s)://HOST[:PORT]`.
    ///
    /// The URLs of every case are shown with a password they hold as `REDACTED` (docs/DESIGN.md §17 (The
    /// client library)).
    case invalidURL(String, reason: String)
    /// No answer from `url`: the connection was refused, the host is unknown, the answer
    /// took longer than the client's timeout, or the connection broke.
    case unreachable(url: String, reason: String)
    /// `url` answered, but not as a fontd server does (not JSON, not the expected fields).
    case invalidResponse(url: String, reason: String)
    /// A call the client refuses before sending anything, because the server could only refuse
    /// it too (clearing nothing, clearing the root scope); the sentence says what to do instead.
    case invalidCall(String)

    /// The server's error code, when the server answered with one.
    public var code: ErrorCode? {
        if case .server(let error) = self { error.code } else { nil }
    }

    /// Whether trying again later may work: the server was unreachable, busy or failed
    /// inside; a refused request (4xx) will be refused again.
    public var isTransient: Bool {
        switch self {
        case .unreachable: true
        case .server(let error): error.status >= 500 || error.status == 408
        case .invalidURL, .invalidResponse, .invalidCall: false
        }
    }

    public var description: String {
        switch self {
        case .server(let error): error.description
        case .invalidURL(let text, let reason):
            "Invalid server URL '\(Self.redacted(text))': \(reason); use http://HOST:PORT, such as http://127.0.0.1:8686."
        case .unreachable(let url, let reason): "Cannot reach fontd at \(Self.redacted(url)): \(reason)."
        case .invalidResponse(let url, let reason): "\(Self.redacted(url)) did not answer as fontd does: \(reason)."
        case .invalidCall(let message): message
        }
    }

    /// `url` with the password of its `USER:PASSWORD@` replaced by `REDACTED`: a message never shows one.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // The last `@` ends the user information (RFC 3986 §3.2.1); the first `:` in it ends the user.
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return url }
        return url[...colon] + "REDACTED" + url[at...]
    }
}
