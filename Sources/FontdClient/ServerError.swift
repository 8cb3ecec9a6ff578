/// An error answer of the fontd HTTP API: the status, and the code and message of docs/DESIGN.md §8 (Errors).
public struct ServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status (400, 401, 404, …).
    public var status: Int
    /// The stable code, such as `.unknownStyle` or `.unauthorized`.
    public var code: ErrorCode
    /// The server's sentence, which a person can act on.
    public var message: String
    /// The value the server suggests for a misspelt one (`body` for `bdoy`), where one is near enough.
    public var suggestion: String?
    /// The values the server would have accepted, where it lists them.
    public var allowed: [String]?

    public init(status: Int, code: ErrorCode, message: String, suggestion: String? = nil, allowed: [String]? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.suggestion = suggestion
        self.allowed = allowed
    }

    public var description: String { "\(message) (HTTP \(status), \(code))" }
}
