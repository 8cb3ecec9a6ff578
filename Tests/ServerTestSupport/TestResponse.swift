import DynamicType
import HTTPServer
import Testing

/// One answer as a test sees it, whichever way it came (`TestClient`'s two modes, or a
/// `RawHTTPConnection` reading the wire).
public struct TestResponse: Sendable {
    public var status: Int
    /// The header fields in the order they were written.
    public var headers: [(name: String, value: String)]
    /// The header fields exactly as written, each `Name: value\r\n` (live: without the status line).
    public var headerBytes: [UInt8]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], headerBytes: [UInt8]? = nil, body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.headerBytes = headerBytes ?? Array(headers.map { "\($0.name): \($0.value)\r\n" }.joined().utf8)
        self.body = body
    }

    /// The answer as the service built it, before the server adds `Date`, `Content-Length` and `Connection`.
    public init(_ response: HTTPResponse) {
        let lines = String(decoding: response.headerBytes, as: UTF8.self).split(separator: "\r\n")
        let headers = lines.map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), String(line[colon...].dropFirst().drop(while: { $0 == " " })))
        }
        self.init(status: response.status, headers: headers, headerBytes: response.headerBytes, body: response.body)
    }

    /// The value of header `name` (compared without case); nil when absent. A field that
    /// appears more than once is recorded as an issue.
    public func header(_ name: String) -> String? {
        let matching = headers.filter { HTTPRequest.namesEqual($0.name, name) }
        #expect(matching.count <= 1, "\(name) appears \(matching.count) times")
        return matching.first?.value
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON value (member order kept, so equality also checks key order).
    public func json() throws -> JSONDocument {
        try JSONDocument(parsing: body)
    }

    /// The body's member `key`, when the body is a JSON object.
    public func member(_ key: String) throws -> JSONDocument? {
        guard case .object(let members) = try json() else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONDocument {
    /// The member `key` of an object.
    public subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The strings of an array of strings.
    public var strings: [String]? {
        guard case .array(let elements) = self else { return nil }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
