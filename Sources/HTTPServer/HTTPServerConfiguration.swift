/// How an `HTTPServer` listens, how long it waits, and how much it takes (docs/DESIGN.md §13 (The server), §14 (Request framing and limits), §15 (Timeouts, overload and shutdown)).
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or a name such as `localhost`.
    public var host = "127.0.0.1"
    /// The TCP port; 0 lets the kernel choose (read it back from `HTTPServer.port`).
    public var port = 8686
    /// Event loops, each on its own thread, all accepting from the one listener.
    public var threads = HTTPServerConfiguration.processorCount
    /// Open connections past which a new one is answered 503 and closed.
    public var maxConnections = 16_384
    /// Seconds a request's head may take to arrive, counted from its first byte; 408 after.
    public var headerTimeoutSeconds = 10.0
    /// Seconds a request's body may take to arrive, counted from the end of its head; 408 after.
    public var bodyTimeoutSeconds = 10.0
    /// Seconds a keep-alive connection may sit with no request before it is closed, and the
    /// longest a client may leave a response unread.
    public var idleTimeoutSeconds = 60.0
    /// Unsent bytes a held-open stream may accumulate beyond what the kernel accepted
    /// before its client is cut off.
    public var streamBacklogLimitBytes = 256 * 1024
    /// `SO_SNDBUF` for held-open streams; nil keeps the kernel's default.
    public var streamSendBufferBytes: Int?
    /// Request size limits.
    public var limits = HTTPLimits()

    public init() {}

    /// The processors this process may run on.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

#if canImport(Glibc)
    import Glibc
#endif
