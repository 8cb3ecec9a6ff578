/// How `preferenceChanges()` reconnects after its stream breaks: the wait doubles after each
/// failed attempt, from `initialDelay` up to `maximumDelay`, and starts over once connected.
public struct Reconnection: Hashable, Sendable {
    /// The wait before the first attempt after a drop; nil follows the server's `retry:`
    /// advice (2 s from fontd), as a browser's `EventSource` does.
    public var initialDelay: Duration?
    /// The longest wait between attempts.
    public var maximumDelay: Duration
    /// A stream that carries no byte (not even a keep-alive comment) for this long is
    /// taken as dead and reconnected; fontd sends a keep-alive at least every 15 s.
    public var idleTimeout: Duration

    public init(initialDelay: Duration? = nil, maximumDelay: Duration = .seconds(30), idleTimeout: Duration = .seconds(45)) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.idleTimeout = idleTimeout
    }

    /// Follow the server's advice, wait at most 30 s, give up on a silent stream after 45 s.
    public static let `default` = Reconnection()
}
