/// One accepted connection's buffers, timers and state; touched only by its event loop's thread.
final class Connection {
    let descriptor: Int32
    /// Tells this connection apart from a later one that reuses the descriptor.
    let generation: UInt64

    /// Bytes received and not yet consumed start at `inputStart`.
    var input: [UInt8] = []
    var inputStart = 0
    /// Bytes to send start at `outputStart`.
    var output: [UInt8] = []
    var outputStart = 0
    /// The epoll events registered for the descriptor.
    var interest: UInt32

    /// When the first byte of the request being received arrived (the header timeout restarts per request).
    var requestStartedAt: Double?
    /// When the head of the request being received was complete (the body timeout).
    var bodyStartedAt: Double?
    /// When the last response was finished, or output last made progress.
    var lastActivity: Double
    var sentContinue = false
    /// Complete requests wait in the input because the output passed its high-water mark.
    var heldBack = false

    /// Close once the pending output is written (an error, `Connection: close`, a stream that ended).
    var closing = false
    /// The client has finished sending (read returned 0).
    var peerClosed = false
    /// After the final response: the write side is shut and input is discarded until the client
    /// closes or this deadline passes, so unread request bytes cannot turn the close into a reset
    /// that destroys the response in flight.
    var lingerUntil: Double?
    /// A deferred answer is being prepared; later requests wait for it.
    var awaiting: (head: Bool, keepAlive: Bool, minorVersion: Int)?
    /// Set when the connection carries a held-open response.
    var stream: HTTPStream?
    /// Whether the connection holds one of `maxConnections`' places; one accepted past the limit
    /// does not, and only stays to deliver its 503 with a lingering close.
    var holdsPlace = true

    init(descriptor: Int32, generation: UInt64, interest: UInt32, now: Double) {
        self.descriptor = descriptor
        self.generation = generation
        self.interest = interest
        self.lastActivity = now
    }

    var hasUnfinishedInput: Bool { inputStart < input.count }
    var pendingOutputBytes: Int { output.count - outputStart }

    /// Drops consumed input, keeping the storage.
    func compactInput() {
        if inputStart == input.count {
            input.removeAll(keepingCapacity: true)
            inputStart = 0
        } else if inputStart > 64 * 1024 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }
}
