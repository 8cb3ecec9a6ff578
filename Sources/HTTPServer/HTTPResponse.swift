/// An answer as a handler builds it: a status, header fields and a body.
///
/// The server adds the status line, `Date`, `Content-Length` and `Connection`, and
/// writes the whole response with one `writev`. Header fields are kept serialized
/// (`Name: value\r\n`), so a cached response costs no formatting when it is sent again.
public struct HTTPResponse: Sendable {
    /// The status code, 100…599.
    public var status: Int
    /// The header fields, each serialized as `Name: value\r\n`.
    public private(set) var headerBytes: [UInt8]
    /// The body; the server omits it for HEAD, 204 and 304 but still announces its length for HEAD.
    public var body: [UInt8]

    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: fields in the order they are written; names and values must not contain CR or LF.
    ///   - body: the body bytes.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headerBytes = []
        self.body = body
        for field in headers { addHeader(field.name, field.value) }
    }

    /// Appends a header field. CR and LF in the value are replaced by spaces, so a value can
    /// never start a field or a response of its own.
    public mutating func addHeader(_ name: String, _ value: String) {
        headerBytes.append(contentsOf: name.utf8)
        headerBytes.append(contentsOf: ": ".utf8)
        headerBytes.append(contentsOf: value.utf8.map { $0 == 0x0D || $0 == 0x0A ? 0x20 : $0 })
        headerBytes.append(contentsOf: "\r\n".utf8)
    }

    /// The status line's reason phrase for `status`: RFC 9110 §15's, and RFC 6585's 429 and 431.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 305: "Use Proxy"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
