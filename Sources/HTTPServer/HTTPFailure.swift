/// An HTTP status code as a value of its own, so that a failure carries its status instead of a
/// bare integer a reader maps back (RFC 9110 §15).
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The status code, 100…599.
    public let code: Int

    public init(_ code: Int) { self.code = code }

    /// `413` as the status 413, so a status reads as the number RFC 9110 gives it.
    public init(integerLiteral code: Int) { self.code = code }

    public static let badRequest = HTTPStatus(400)
    public static let requestTimeout = HTTPStatus(408)
    public static let contentTooLarge = HTTPStatus(413)
    public static let uriTooLong = HTTPStatus(414)
    public static let headerFieldsTooLarge = HTTPStatus(431)
    public static let internalServerError = HTTPStatus(500)
    public static let notImplemented = HTTPStatus(501)
    public static let serviceUnavailable = HTTPStatus(503)
    public static let httpVersionNotSupported = HTTPStatus(505)

    public var description: String { String(code) }
}

/// Why the server refused a request without asking the responder, as the status to answer
/// before closing (docs/DESIGN.md §14 (Request framing and limits)); each case carries the reason a
/// person reads.
public enum HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Bytes that are not a well-formed HTTP/1.x request, or framing that is ambiguous (400).
    case malformed(String)
    /// A request line past `HTTPLimits.maxRequestLineBytes` (414).
    case lineTooLong(String)
    /// A header block past its byte or field-count limit (431).
    case headersTooLarge(String)
    /// A body past `HTTPLimits.maxBodyBytes` (413).
    case bodyTooLarge(String)
    /// A request that did not arrive whole in time (408).
    case timeout(String)
    /// A connection the server has no room for (503).
    case overloaded(String)
    /// An HTTP version other than 1.0 and 1.1 (505).
    case unsupportedVersion(String)
    /// A transfer coding other than chunked (501).
    case unsupportedCoding(String)
    /// A failure of the server's own (500).
    case internalError(String)

    /// Every kind of failure with a stand-in reason, so that a status can be looked up.
    static let kinds: [HTTPFailure] = [
        .malformed(""), .lineTooLong(""), .headersTooLarge(""), .bodyTooLarge(""), .timeout(""), .overloaded(""),
        .unsupportedVersion(""), .unsupportedCoding(""), .internalError(""),
    ]

    /// The failure answered with `status`, for a responder or a test that names it by number;
    /// a status no case has is an internal error.
    public init(status: Int, reason: String) {
        let kind = Self.kinds.first { $0.status.code == status } ?? .internalError("")
        self = kind.with(reason: reason)
    }

    /// The status to answer.
    public var status: HTTPStatus {
        switch self {
        case .malformed: .badRequest
        case .lineTooLong: .uriTooLong
        case .headersTooLarge: .headerFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .timeout: .requestTimeout
        case .overloaded: .serviceUnavailable
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedCoding: .notImplemented
        case .internalError: .internalServerError
        }
    }

    /// What was wrong, in words.
    public var reason: String {
        switch self {
        case .malformed(let reason), .lineTooLong(let reason), .headersTooLarge(let reason), .bodyTooLarge(let reason),
            .timeout(let reason), .overloaded(let reason), .unsupportedVersion(let reason), .unsupportedCoding(let reason),
            .internalError(let reason):
            reason
        }
    }

    /// The same kind of failure for another reason.
    func with(reason: String) -> HTTPFailure {
        switch self {
        case .malformed: .malformed(reason)
        case .lineTooLong: .lineTooLong(reason)
        case .headersTooLarge: .headersTooLarge(reason)
        case .bodyTooLarge: .bodyTooLarge(reason)
        case .timeout: .timeout(reason)
        case .overloaded: .overloaded(reason)
        case .unsupportedVersion: .unsupportedVersion(reason)
        case .unsupportedCoding: .unsupportedCoding(reason)
        case .internalError: .internalError(reason)
        }
    }

    public var description: String { "\(status): \(reason)" }
}

/// The name `HTTPFailure` had when failures were a status number and a reason.
@available(*, deprecated, renamed: "HTTPFailure")
public typealias HTTPParseError = HTTPFailure

/// What the bytes received so far amount to.
public enum HTTPParseResult: Equatable, Sendable {
    /// More bytes are needed. `headersComplete` with `expectsContinue` means the client
    /// waits for `100 Continue` before sending its body.
    case incomplete(headersComplete: Bool, expectsContinue: Bool)
    /// A whole request, and how many bytes of the input it used (pipelined requests follow).
    case complete(HTTPRequest, consumed: Int)
    /// The request is refused; answer `failure.status` and close.
    case failed(HTTPFailure)
}
