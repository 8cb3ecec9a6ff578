import Foundation

/// A client of a fontd server: every endpoint of the HTTP API as an async call returning the
/// model types the server encodes, and the reader's preference changes as a stream.
///
/// ```swift
/// let client = FontdClient(baseURL: URL(string: "http://127.0.0.1:8686")!)
/// let font = try await client.font(.body, category: .extraLarge, traits: [.bold])
/// ```
///
/// A client of a scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), such as one reader's phone, reads and changes that
/// scope's preferences: every call that follows the preferences asks with `scope=`.
///
/// ```swift
/// let phone = FontdClient(baseURL: server, scope: try PreferenceScope(parsing: "alice/phone"), token: jwt)
/// ```
///
/// Calls throw `FontdClientError`: `.server` carries the code and message the server
/// answered with; the others say why no usable answer came.
public struct FontdClient: Sendable {
    /// Where the server answers, such as `http://127.0.0.1:8686`; a path prefix is kept.
    public let baseURL: URL
    /// Whose preferences the calls read, change and follow; `.root` is the server's own (no `scope=`).
    public let scope: PreferenceScope
    /// The bearer token sent with every request (also on the event stream): the server's token,
    /// or a scoped token (a JWT) for `scope`. Changes need one when the server has a token, and
    /// reading a scope other than the root does too.
    public let token: String?
    /// How long a call waits for an answer before giving up.
    public let timeout: Duration

    let transport: Transport

    /// A client of `scope`'s preferences on the server at `baseURL`, sending `token` (when
    /// given) as a bearer token.
    public init(baseURL: URL, scope: PreferenceScope = .root, token: String? = nil, timeout: Duration = .seconds(10)) {
        self.baseURL = baseURL
        self.scope = scope
        self.token = token
        self.timeout = timeout
        transport = Transport(timeout: timeout)
    }

    /// Reads a server address as a person types it (`http://127.0.0.1:8686`), refusing what
    /// cannot address a fontd server: another scheme, no host, a query or a fragment.
    public static func baseURL(parsing text: String) throws(FontdClientError) -> URL {
        guard text.contains("://") else { throw .invalidURL(text, reason: "it has no scheme (http://)") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(text, reason: "it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(text, reason: "the scheme must be http or https, not \(scheme)")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(text, reason: "it names no host") }
        // A password in an address is shown by ps, shells' histories and logs, and fontd would never send it.
        guard components.password == nil else {
            throw .invalidURL(
                text, reason: "it holds a password (USER:PASSWORD@), which fontd never sends; a fontd server takes a token instead")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidURL(text, reason: "a server address takes no query or fragment")
        }
        guard let url = components.url else { throw .invalidURL(text, reason: "it is not a URL") }
        return url
    }

    // MARK: - Requests

    /// Sends any request to the server and answers the body of a 2xx answer; an error answer
    /// throws `.server`. The typed calls are built on it; it also reaches what they cannot
    /// express (another method, an unusual parameter).
    ///
    /// - Parameters:
    ///   - path: The API path, such as `/font`.
    ///   - query: Parameters, percent-encoded here, in order.
    ///   - body: A JSON body, sent with `Content-Type: application/json`.
    public func send(
        _ method: String = "GET", _ path: String, query: [(name: String, value: String)] = [], body: Data? = nil
    ) async throws(FontdClientError) -> Data {
        let url = try url(path: path, query: query)
        var headers = [(name: "Accept", value: "application/json")]
        if body != nil { headers.append((name: "Content-Type", value: "application/json; charset=utf-8")) }
        if let token { headers.append((name: "Authorization", value: "Bearer \(token)")) }
        let answer = try await transport.data(for: TransportRequest(method, url: url, headers: headers, body: body), timeout: timeout)
        guard (200..<300).contains(answer.status) else {
            throw Self.errorAnswer(status: answer.status, body: answer.body, url: url)
        }
        return answer.body
    }

    /// `query` with the client's `scope=` after it, for the endpoints that follow the
    /// preferences; unchanged for the root scope, which is asked without it.
    func scoped(_ query: [(name: String, value: String)] = []) -> [(name: String, value: String)] {
        scope.isRoot ? query : query + [(name: "scope", value: scope.path)]
    }

    /// `send`, with the answer decoded as `Value`.
    func get<Value: Decodable>(
        _ path: String, query: [(name: String, value: String)] = [], as type: Value.Type = Value.self
    ) async throws(FontdClientError) -> Value {
        try decode(Value.self, from: await send("GET", path, query: query), path: path)
    }

    /// Decodes an answer, or says which answer was not what fontd sends.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data, path: String) throws(FontdClientError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .invalidResponse(url: endpointDescription(path), reason: "the answer is not a \(Value.self) (\(Self.reason(error)))")
        }
    }

    /// The URL of `path` under the base URL, with `query` percent-encoded.
    func url(path: String, query: [(name: String, value: String)]) throws(FontdClientError) -> URL {
        guard baseURL.scheme == "http" || baseURL.scheme == "https", baseURL.host != nil else {
            throw .invalidURL(baseURL.absoluteString, reason: "the scheme must be http or https and a host is needed")
        }
        var text = endpointDescription(path)
        if !query.isEmpty {
            text += "?" + query.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw .invalidURL(baseURL.absoluteString, reason: "'\(text)' is not a URL") }
        return url
    }

    /// `base + path` (one slash between them), for requests and messages.
    func endpointDescription(_ path: String) -> String {
        let base = baseURL.absoluteString
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    }

    /// Every byte but RFC 3986's unreserved characters and the comma as `%XX` (so `+`, which
    /// the server reads as a space, survives).
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
                result.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }

    /// The error an answer with a failing status stands for: the server's error document, or
    /// `.invalidResponse` when the body is not one (something other than fontd answered).
    static func errorAnswer(status: Int, body: Data, url: URL) -> FontdClientError {
        if let document = try? JSONDecoder().decode(ErrorDocument.self, from: body) {
            return .server(
                ServerError(
                    status: status, code: document.error, message: document.message, suggestion: document.suggestion,
                    allowed: document.allowed))
        }
        let excerpt = String(decoding: body.prefix(80), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        return .invalidResponse(
            url: url.absoluteString, reason: "HTTP \(status) without a fontd error document" + (excerpt.isEmpty ? "" : " ('\(excerpt)')"))
    }

    /// A decoding error in one line.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            (context.codingPath.isEmpty ? "" : context.codingPath.map(\.stringValue).joined(separator: ".") + ": ")
                + context.debugDescription
        default: "\(error)"
        }
    }
}
