/// Why bytes are not an acceptable request, as the status to answer before closing.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 400, 413, 414, 431, 501 or 505.
    public var status: Int
    public var reason: String

    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status): \(reason)" }
}

/// What the bytes received so far amount to.
public enum HTTPParseResult: Equatable, Sendable {
    /// More bytes are needed. `headersComplete` with `expectsContinue` means the client
    /// waits for `100 Continue` before sending its body.
    case incomplete(headersComplete: Bool, expectsContinue: Bool)
    /// A whole request, and how many bytes of the input it used (pipelined requests follow).
    case complete(HTTPRequest, consumed: Int)
    /// The request is refused; answer `error.status` and close.
    case failed(HTTPParseError)
}

/// Parses HTTP/1.x requests strictly (RFC 9112), as a pure function of the bytes received.
///
/// Framing ambiguities that let a proxy and a server disagree about where a request ends
/// are refused outright: bare CR or LF, whitespace before a colon, obs-fold, control
/// characters, a signed or repeated-and-differing Content-Length, Content-Length together
/// with Transfer-Encoding. The event loop keeps an `HTTPRequestDecoder` per connection instead,
/// which resumes where it stopped; this is the same decoding from the first byte.
public struct HTTPRequestParser: Sendable {
    public var limits: HTTPLimits

    public init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

    /// Parses the request at the start of `bytes`.
    public func parse(_ bytes: ArraySlice<UInt8>) -> HTTPParseResult {
        var decoder = HTTPRequestDecoder(limits: limits)
        return decoder.decode(bytes)
    }
}
