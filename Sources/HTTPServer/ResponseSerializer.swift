/// Writes responses as bytes: status line, `Date`, the response's fields, `Content-Length`,
/// `Connection`, body (docs/DESIGN.md §13 (The server)). One per event loop, which keeps its `Date` current.
struct ResponseSerializer {
    private var date = HTTPDate()

    /// Brings the `Date` line up to the current second.
    mutating func updateDate() { date.update() }

    private static let statusLines: [Int: [UInt8]] = {
        var lines: [Int: [UInt8]] = [:]
        for status in [200, 201, 204, 304, 400, 401, 403, 404, 405, 408, 409, 413, 414, 421, 429, 431, 500, 501, 503, 505] {
            lines[status] = Array("HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(status))\r\n".utf8)
        }
        return lines
    }()

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    private static let closeLine = Array("Connection: close\r\n".utf8)
    private static let keepAliveLine = Array("Connection: keep-alive\r\n".utf8)
    private static let contentLengthName = Array("Content-Length: ".utf8)
    private static let crlf: [UInt8] = [0x0D, 0x0A]

    /// Appends `response` to `bytes` (pipelined answers share one write); `head` leaves the body
    /// out, as a HEAD request's answer does.
    func append(_ response: HTTPResponse, head: Bool, keepAlive: Bool, minorVersion: Int, to bytes: inout [UInt8]) {
        appendHead(response, contentLength: response.body.count, keepAlive: keepAlive, minorVersion: minorVersion, to: &bytes)
        if !head, Self.carriesBody(response.status) { bytes.append(contentsOf: response.body) }
    }

    /// Appends the head of `response` alone, announcing a body of `contentLength` bytes that is
    /// sent apart from it (a file); `response.body` is not written.
    func appendHead(_ response: HTTPResponse, contentLength: Int, keepAlive: Bool, minorVersion: Int, to bytes: inout [UInt8]) {
        appendStatusAndFields(response, to: &bytes)
        if Self.carriesBody(response.status) {
            bytes.append(contentsOf: Self.contentLengthName)
            appendDecimal(contentLength, to: &bytes)
            bytes.append(contentsOf: Self.crlf)
        }
        if !keepAlive {
            bytes.append(contentsOf: Self.closeLine)
        } else if minorVersion == 0 {
            bytes.append(contentsOf: Self.keepAliveLine)
        }
        bytes.append(contentsOf: Self.crlf)
    }

    /// Whether an answer with `status` has a body: RFC 9110 §8.6, no Content-Length on 1xx and
    /// 204; a 304 carries no body.
    static func carriesBody(_ status: Int) -> Bool { status >= 200 && status != 204 && status != 304 }

    /// A held-open response: no length, so the body runs until the connection closes.
    func appendStreamHead(_ response: HTTPResponse, to bytes: inout [UInt8]) {
        appendStatusAndFields(response, to: &bytes)
        bytes.append(contentsOf: Self.closeLine)
        bytes.append(contentsOf: Self.crlf)
        bytes.append(contentsOf: response.body)
    }

    /// The status line, `Date` and the response's own fields.
    private func appendStatusAndFields(_ response: HTTPResponse, to bytes: inout [UInt8]) {
        if let line = Self.statusLines[response.status] {
            bytes.append(contentsOf: line)
        } else {
            bytes.append(contentsOf: "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(response.status))\r\n".utf8)
        }
        bytes.append(contentsOf: date.headerLine)
        bytes.append(contentsOf: response.headerBytes)
    }

    private func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
