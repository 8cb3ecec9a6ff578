import Synchronization

/// The promise of an answer given by `HTTPReply.deferred`: call `complete` exactly once, from
/// any thread; later calls are ignored.
public final class HTTPDeferredResponse: Sendable {
    private let deliver: @Sendable (HTTPResponse) -> Void
    private let completed = Atomic<Bool>(false)

    /// A promise that hands its response to `deliver` (the server's own posts it to the
    /// connection's event loop; a test can keep it).
    public init(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        self.deliver = deliver
    }

    /// Sends `response` on the connection (in order with everything else on it).
    public func complete(_ response: HTTPResponse) {
        guard completed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        deliver(response)
    }
}
