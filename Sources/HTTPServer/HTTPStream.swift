import Synchronization

/// A response held open by `HTTPReply.stream`: bytes pushed through it go to the client as
/// they come, until either side ends it.
///
/// Any thread may call `send` and `close`; the bytes are handed to the connection's event
/// loop, which writes them in order. The loop counts the bytes the kernel has not yet
/// accepted; when that backlog passes the server's `streamBacklogLimitBytes`, the
/// client is cut off so that one slow reader never pins memory or delays the others.
public final class HTTPStream: Sendable {
    /// Why a stream ended.
    public enum EndReason: Sendable, Equatable {
        /// `close()` was called.
        case closedByServer
        /// The client hung up or the connection failed.
        case clientGone
        /// The unsent backlog passed the limit.
        case backlogExceeded
        /// The server is stopping.
        case serverStopping
    }

    let loop: EventLoop
    let descriptor: Int32
    let generation: UInt64
    private let ended = Mutex<EndReason?>(nil)
    private let endHandlers = Mutex<[@Sendable (EndReason) -> Void]>([])

    init(loop: EventLoop, descriptor: Int32, generation: UInt64) {
        self.loop = loop
        self.descriptor = descriptor
        self.generation = generation
    }

    /// Whether the stream still delivers bytes.
    public var isOpen: Bool { ended.withLock { $0 == nil } }

    /// Queues `bytes` after everything sent before. Returns false once the stream has ended.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        guard isOpen else { return false }
        loop.post(.streamSend(descriptor: descriptor, generation: generation, bytes: bytes))
        return true
    }

    /// Ends the stream once the bytes already queued are written.
    public func close() {
        guard isOpen else { return }
        loop.post(.streamClose(descriptor: descriptor, generation: generation))
    }

    /// Calls `handler` once, on the event loop's thread, when the stream ends (at once if it has ended).
    public func onEnd(_ handler: @escaping @Sendable (EndReason) -> Void) {
        let reason: EndReason? = ended.withLock { reason in
            if reason == nil { endHandlers.withLock { $0.append(handler) } }
            return reason
        }
        if let reason { handler(reason) }
    }

    /// Marks the stream ended and runs the handlers; called by the loop when the connection goes.
    func end(_ reason: EndReason) {
        let first = ended.withLock { current -> Bool in
            guard current == nil else { return false }
            current = reason
            return true
        }
        guard first else { return }
        for handler in endHandlers.withLock({ handlers in defer { handlers = [] }; return handlers }) { handler(reason) }
    }
}
