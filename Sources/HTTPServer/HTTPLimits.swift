/// The sizes past which a request is refused (docs/DESIGN.md §14 (Request framing and limits)).
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line, CRLF excluded; longer → 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Largest header block (fields and their CRLFs); larger → 431.
    public var maxHeaderBytes = 16 * 1024
    /// Most header fields; more → 431.
    public var maxHeaderCount = 100
    /// Largest body (after de-chunking); larger → 413.
    public var maxBodyBytes = 64 * 1024

    public init() {}
}
