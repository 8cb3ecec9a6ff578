import Synchronization

/// The promise of an answer given by `HTTPReply.deferred`: call `complete` exactly once, from
/// any thread; later calls are ignored.
public final class HTTPDeferredResponse: Sendable {
    let loop: EventLoop
    let descriptor: Int32
    let generation: UInt64
    private let completed = Atomic<Bool>(false)

    init(loop: EventLoop, descriptor: Int32, generation: UInt64) {
        self.loop = loop
        self.descriptor = descriptor
        self.generation = generation
    }

    /// Sends `response` on the connection (in order with everything else on it).
    public func complete(_ response: HTTPResponse) {
        guard completed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        loop.post(.complete(descriptor: descriptor, generation: generation, response: response))
    }
}
