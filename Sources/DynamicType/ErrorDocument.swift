/// The body of every error answer of the HTTP API (docs/DESIGN.md §8 (Errors)):
/// `{"error": CODE, "message": "…", "suggestion": "…", "allowed": […]}`, `suggestion` only where a
/// value near the one given is known (`body` for `bdoy`), `allowed` only where a list helps.
public struct ErrorDocument: Hashable, Sendable, Codable {
    /// The stable code (`unknownStyle`, `unauthorized`, …).
    public var error: ErrorCode
    /// A sentence a person can act on.
    public var message: String
    /// The value the asker most likely meant, which the message offers too ("Did you mean 'body'?").
    public var suggestion: String?
    /// The values that would have been accepted.
    public var allowed: [String]?

    public init(error: ErrorCode, message: String, suggestion: String? = nil, allowed: [String]? = nil) {
        self.error = error
        self.message = message
        self.suggestion = suggestion
        self.allowed = allowed
    }

    private enum CodingKeys: String, CodingKey { case error, message, suggestion, allowed }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(error, forKey: .error)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(suggestion, forKey: .suggestion)
        try container.encodeIfPresent(allowed, forKey: .allowed)
    }
}
