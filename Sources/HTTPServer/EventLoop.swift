import CFontdSystem
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread's epoll loop: the server's listener, watched with `EPOLLEXCLUSIVE` alongside the
/// other loops, the connections it accepted, their timers, and a mailbox through which other
/// threads hand it work (docs/DESIGN.md §13 (The server)).
///
/// Accepting is in `EventLoop+Accepting.swift`, the HTTP/1 exchange in
/// `EventLoop+Connections.swift`, the deadlines in `EventLoop+Timers.swift`. Everything but `post`
/// runs on the loop's own thread (`@unchecked Sendable` for that one entry point, which is
/// guarded by a mutex and an eventfd).
final class EventLoop: @unchecked Sendable {
    enum Message: Sendable {
        case streamSend(descriptor: Int32, generation: UInt64, bytes: [UInt8])
        case streamClose(descriptor: Int32, generation: UInt64)
        case complete(descriptor: Int32, generation: UInt64, response: HTTPResponse)
        case retry(descriptor: Int32, generation: UInt64, request: HTTPRequest)
        /// A connection another loop accepted and handed over, already admitted as a place and
        /// counted in `placesOwned`.
        case adopt(descriptor: Int32)
        /// A roll call of every loop (`HTTPServer.run`): answered at once, to show this loop turns.
        case rollCall(LoopRollCall)
        case stop
    }

    /// Another loop, to hand accepted connections to; weak, as every loop names every other.
    struct Peer {
        weak var loop: EventLoop?
    }

    let index: Int
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    /// The responder's `respond(to:context:)` bound to this loop's own context.
    let respond: (HTTPRequest) -> HTTPReply
    let gauge: ConnectionGauge
    let logger: Logger

    let poll: Int32
    private let wake: Int32
    /// The server's listening socket, shared by every loop; the server closes it, never a loop.
    let listener: Int32
    /// Held open so that, out of descriptors, one can be freed to accept and refuse a connection.
    var spare: Int32 = -1
    /// Set while the listener is not watched (out of descriptors even with the spare freed).
    var acceptPausedUntil: Double?

    var connections: [HTTPConnection?] = []
    var openHere = 0
    /// Connections holding a place that are this loop's, or handed to it and on their way:
    /// what the accepting loop compares to spread connections. Raised by whichever loop gives
    /// this one a connection, lowered by this loop when one closes.
    let placesOwned = Atomic<Int>(0)
    /// Every loop of the server, this one included; set before the loops start.
    var peers: [Peer] = []
    var nextGeneration: UInt64 = 0
    /// Connections kept past `maxConnections` to deliver their 503 (at most `maximumLingeringRefusals`).
    var refusalsHere = 0
    /// Messages from other threads; `closed` once the loop has ended, so that nothing posted
    /// after its last look is left unread.
    private let mailbox = Mutex<(queue: [Message], closed: Bool)>(([], false))
    var stopping = false
    var stopDeadline = Double.infinity

    /// Where `read` puts bytes before they are appended to a connection's input or dropped.
    let scratch: UnsafeMutableRawBufferPointer
    var serializer = ResponseSerializer()
    var now = 0.0
    var nextSweep = 0.0
    let sweepInterval: Double

    static let readBytes = 64 * 1024
    /// Past this much unsent output a connection's further requests wait, unread.
    static let outputHighWater = 1024 * 1024
    /// At most this much of one file is sent per wake-up, so that a fast reader of a large file
    /// does not keep the loop from the other connections.
    static let fileBytesPerTurn = 1024 * 1024
    static let lingerSeconds = 2.0
    /// At most this many connections accepted past `maxConnections` are kept at once to deliver
    /// their 503; past that they are answered and closed at once.
    static let maximumLingeringRefusals = 256
    /// How long a connection accepted past `maxConnections` waits for its request before the 503
    /// is sent unasked.
    static let refusalGraceSeconds = 0.5

    init(
        index: Int, listener: Int32, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        gauge: ConnectionGauge, logger: Logger
    ) throws(HTTPServerError) {
        self.index = index
        self.listener = listener
        self.configuration = configuration
        self.responder = responder
        self.respond = Self.respond(with: responder)
        self.gauge = gauge
        self.logger = logger
        let shortest = min(configuration.headerTimeoutSeconds, configuration.bodyTimeoutSeconds, configuration.idleTimeoutSeconds)
        self.sweepInterval = min(max(shortest / 4, 0.01), 0.5)

        poll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard poll >= 0 else { throw .system(call: "epoll_create1", errno: errno) }
        wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0 else { throw .system(call: "eventfd", errno: errno) }
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBytes, alignment: 16)
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        nextGeneration = UInt64(index) << 48
        try register(wake, events: EPOLLIN.rawValue)
        try watchListener()
    }

    deinit {
        scratch.deallocate()
        Glibc.close(poll)
        Glibc.close(wake)
        if spare >= 0 { Glibc.close(spare) }
    }

    /// Hands `message` to the loop's thread; callable from any thread. False when the loop has
    /// ended and the message will never be read.
    @discardableResult
    func post(_ message: Message) -> Bool {
        let wasEmpty: Bool? = mailbox.withLock { mailbox in
            guard !mailbox.closed else { return nil }
            mailbox.queue.append(message)
            return mailbox.queue.count == 1
        }
        if wasEmpty == true { eventfd_write(wake, 1) }
        return wasEmpty != nil
    }

    /// Whether the loop may end: stopping, no connection left, and nothing in the mailbox
    /// (then it is closed, so nothing posted later is lost).
    private func mayEnd() -> Bool {
        guard stopping, openHere == 0 else { return false }
        return mailbox.withLock { mailbox in
            if mailbox.queue.isEmpty { mailbox.closed = true }
            return mailbox.closed
        }
    }

    /// `responder.respond(to:context:)` with a context of this loop's own, which only the loop's thread touches.
    private static func respond<Responder: HTTPResponder>(with responder: Responder) -> (HTTPRequest) -> HTTPReply {
        let context = responder.makeLoopContext()
        return { request in responder.respond(to: request, context: context) }
    }

    /// Runs until a `.stop` message has been handled and every connection has finished.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        updateClock()
        nextSweep = now + sweepInterval
        serializer.updateDate()
        while !mayEnd() {
            let timeout = Int32(max(0, min(nextSweep - now, stopDeadline - now)) * 1000) + 1
            let count = epoll_wait(poll, &events, Int32(events.count), timeout)
            updateClock()
            if count < 0 {
                if errno == EINTR { continue }
                logger.error("epoll_wait failed", metadata: ["errno": "\(errno)"])
                break
            }
            serializer.updateDate()
            for event in events[0..<Int(count)] {
                let descriptor = event.data.fd
                if descriptor == wake {
                    drainMailbox()
                } else if descriptor == listener {
                    acceptConnections()
                } else if let connection = connection(descriptor) {
                    handle(event.events, on: connection)
                }
            }
            if now >= nextSweep {
                sweep()
                nextSweep = now + sweepInterval
            }
            if now >= stopDeadline { closeAll(.serverStopping) }
        }
        logger.debug("event loop stopped", metadata: ["loop": "\(index)"])
    }

    private func updateClock() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        now = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func connection(_ descriptor: Int32) -> HTTPConnection? {
        Int(descriptor) < connections.count ? connections[Int(descriptor)] : nil
    }

    /// The connection `descriptor` names, if it is still the one of `generation`.
    private func connection(_ descriptor: Int32, generation: UInt64) -> HTTPConnection? {
        guard let connection = connection(descriptor), connection.generation == generation else { return nil }
        return connection
    }

    func register(_ descriptor: Int32, events: UInt32) throws(HTTPServerError) {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        guard epoll_ctl(poll, EPOLL_CTL_ADD, descriptor, &event) == 0 else { throw .system(call: "epoll_ctl", errno: errno) }
    }

    private func drainMailbox() {
        var count: eventfd_t = 0
        eventfd_read(wake, &count)
        let messages = mailbox.withLock { mailbox in
            defer { mailbox.queue.removeAll(keepingCapacity: true) }
            return mailbox.queue
        }
        for message in messages {
            switch message {
            case .streamSend(let descriptor, let generation, let bytes):
                guard let connection = connection(descriptor, generation: generation) else { continue }
                streamSend(bytes, on: connection)
            case .streamClose(let descriptor, let generation):
                guard let connection = connection(descriptor, generation: generation),
                    case .streaming = connection.state
                else { continue }
                connection.close(after: .close)
                progress(connection)
            case .complete(let descriptor, let generation, let response):
                guard let connection = connection(descriptor, generation: generation) else { continue }
                complete(response, on: connection)
            case .retry(let descriptor, let generation, let request):
                guard let connection = connection(descriptor, generation: generation) else { continue }
                retry(request, on: connection)
            case .adopt(let descriptor):
                adoptHandedOver(descriptor)
            case .rollCall(let rollCall):
                rollCall.answer()
            case .stop:
                beginStop()
            }
        }
    }

    // MARK: - Stopping

    private func beginStop() {
        guard !stopping else { return }
        stopping = true
        stopDeadline = now + max(configuration.headerTimeoutSeconds, configuration.bodyTimeoutSeconds) + Self.lingerSeconds
        if acceptPausedUntil == nil { epoll_ctl(poll, EPOLL_CTL_DEL, listener, nil) }
        for case let connection? in connections {
            switch connection.state {
            case .streaming:
                connection.close(after: .close, streamEnd: .serverStopping)
                progress(connection)
            case .open(.idle) where connection.pendingOutputBytes == 0 && !connection.hasUnreadInput:
                close(connection, reason: .serverStopping)
            default:
                break
            }
        }
    }

    func closeAll(_ reason: HTTPStream.EndReason) {
        for case let connection? in connections { close(connection, reason: reason) }
    }
}
