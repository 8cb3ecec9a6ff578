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

    /// What runs when a stream ends.
    public typealias EndHandler = @Sendable (EndReason) -> Void

    /// Whether the stream still delivers bytes, and what runs when it ends.
    private enum Life {
        /// Open; `onEnd` is every handler registered so far, in one closure (most streams have
        /// one: no array is kept per stream).
        case open(onEnd: EndHandler?)
        case ended(EndReason)
    }

    let loop: EventLoop
    let descriptor: Int32
    let generation: UInt64
    private let life = Mutex(Life.open(onEnd: nil))

    init(loop: EventLoop, descriptor: Int32, generation: UInt64) {
        self.loop = loop
        self.descriptor = descriptor
        self.generation = generation
    }

    /// Whether the stream still delivers bytes.
    public var isOpen: Bool {
        life.withLock { life in
            if case .open = life { return true }
            return false
        }
    }

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

    /// Calls `handler` once, on the event loop's thread, when the stream ends (at once if it has
    /// ended); handlers run in the order they were registered.
    public func onEnd(_ handler: @escaping EndHandler) {
        let ended: EndReason? = life.withLock { life in
            switch life {
            case .open(let earlier?):
                life = .open(onEnd: { reason in
                    earlier(reason)
                    handler(reason)
                })
                return nil
            case .open(nil):
                life = .open(onEnd: handler)
                return nil
            case .ended(let reason):
                return reason
            }
        }
        if let ended { handler(ended) }
    }

    /// Marks the stream ended and runs the handlers; called by the loop when the connection goes.
    func end(_ reason: EndReason) {
        let handler: EndHandler? = life.withLock { life in
            guard case .open(let handler) = life else { return nil }
            life = .ended(reason)
            return handler
        }
        handler?(reason)
    }
}
