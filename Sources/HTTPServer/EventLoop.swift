import CFontdSystem
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One thread's epoll loop: its own `SO_REUSEPORT` listener, the connections it accepted,
/// their timers, and a mailbox through which other threads hand it work.
///
/// Everything but `post` runs on the loop's own thread (`@unchecked Sendable` for that one
/// entry point, which is guarded by a mutex and an eventfd).
final class EventLoop: @unchecked Sendable {
    enum Message: Sendable {
        case streamSend(descriptor: Int32, generation: UInt64, bytes: [UInt8])
        case streamClose(descriptor: Int32, generation: UInt64)
        case complete(descriptor: Int32, generation: UInt64, response: HTTPResponse)
        case stop
    }

    private let index: Int
    private let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let parser: HTTPRequestParser
    private let gauge: ConnectionGauge
    private let logger: Logger

    private let poll: Int32
    private let wake: Int32
    private var listener: Int32
    /// Held open so that, out of descriptors, one can be freed to accept and refuse a connection.
    private var spare: Int32 = -1
    private var acceptPausedUntil: Double?

    private var connections: [Connection?] = []
    private var openHere = 0
    private var nextGeneration: UInt64 = 0
    private let mailbox = Mutex<[Message]>([])
    private var stopping = false
    private var stopDeadline = Double.infinity

    private let scratch: UnsafeMutableRawBufferPointer
    private var date = HTTPDate()
    private var now = 0.0
    private var nextSweep = 0.0
    private let sweepInterval: Double

    private static let readBytes = 64 * 1024
    /// Past this much unsent output, a pipelining client's further requests wait.
    private static let outputHighWater = 1024 * 1024
    private static let lingerSeconds = 2.0
    /// At most this many connections accepted past `maxConnections` are kept at once to deliver
    /// their 503; past that they are answered and closed at once, as out of descriptors.
    private static let maximumLingeringRefusals = 256
    /// How long a connection accepted past `maxConnections` waits for its request before the 503
    /// is sent unasked.
    private static let refusalGraceSeconds = 0.5
    /// Connections accepted past `maxConnections` that are delivering their 503.
    private var lingeringRefusals = 0

    init(
        index: Int, listener: Int32, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        gauge: ConnectionGauge, logger: Logger
    ) throws(HTTPServerError) {
        self.index = index
        self.listener = listener
        self.configuration = configuration
        self.responder = responder
        self.parser = HTTPRequestParser(limits: configuration.limits)
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
        try register(listener, events: EPOLLIN.rawValue)
    }

    deinit {
        scratch.deallocate()
        Glibc.close(poll)
        Glibc.close(wake)
        if spare >= 0 { Glibc.close(spare) }
    }

    /// Hands `message` to the loop's thread; callable from any thread.
    func post(_ message: Message) {
        let wasEmpty = mailbox.withLock { queue in
            queue.append(message)
            return queue.count == 1
        }
        if wasEmpty { eventfd_write(wake, 1) }
    }

    // MARK: - The loop

    /// Runs until a `.stop` message has been handled and every connection has finished.
    func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        updateClock()
        nextSweep = now + sweepInterval
        date.update()
        while !(stopping && openHere == 0) {
            let timeout = Int32(max(0, min(nextSweep - now, stopDeadline - now)) * 1000) + 1
            let count = epoll_wait(poll, &events, Int32(events.count), timeout)
            updateClock()
            if count < 0 {
                if errno == EINTR { continue }
                logger.error("epoll_wait failed", metadata: ["errno": "\(errno)"])
                break
            }
            date.update()
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
        if listener >= 0 { Glibc.close(listener) }
        logger.debug("event loop stopped", metadata: ["loop": "\(index)"])
    }

    private func updateClock() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        now = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func connection(_ descriptor: Int32) -> Connection? {
        Int(descriptor) < connections.count ? connections[Int(descriptor)] : nil
    }

    private func register(_ descriptor: Int32, events: UInt32) throws(HTTPServerError) {
        var event = epoll_event()
        event.events = events
        event.data.fd = descriptor
        guard epoll_ctl(poll, EPOLL_CTL_ADD, descriptor, &event) == 0 else { throw .system(call: "epoll_ctl", errno: errno) }
    }

    private func drainMailbox() {
        var count: eventfd_t = 0
        eventfd_read(wake, &count)
        let messages = mailbox.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for message in messages {
            switch message {
            case .streamSend(let descriptor, let generation, let bytes):
                guard let connection = connection(descriptor), connection.generation == generation,
                      connection.stream != nil, !connection.closing else { continue }
                connection.output.append(contentsOf: bytes)
                flush(connection)
                if connection.pendingOutputBytes > configuration.streamBacklogLimitBytes {
                    logger.info("stream client cut off: backlog over the limit", metadata: [
                        "backlog": "\(connection.pendingOutputBytes)", "limit": "\(configuration.streamBacklogLimitBytes)",
                    ])
                    close(connection, reason: .backlogExceeded)
                }
            case .streamClose(let descriptor, let generation):
                guard let connection = connection(descriptor), connection.generation == generation else { continue }
                connection.closing = true
                flush(connection)
            case .complete(let descriptor, let generation, let response):
                guard let connection = connection(descriptor), connection.generation == generation,
                      let awaiting = connection.awaiting else { continue }
                connection.awaiting = nil
                let keepAlive = awaiting.keepAlive && !stopping
                append(response, head: awaiting.head, keepAlive: keepAlive, minorVersion: awaiting.minorVersion, to: &connection.output)
                connection.lastActivity = now
                if !keepAlive { connection.closing = true }
                processInput(connection)
                flush(connection)
            case .stop:
                beginStop()
            }
        }
    }

    // MARK: - Accepting

    private func acceptConnections() {
        while true {
            let descriptor = fontd_accept_nonblocking(listener, nil, nil)
            if descriptor < 0 {
                let code = fontd_errno()
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    if refuseWithSpareDescriptor() { continue }
                    return
                default:
                    logger.error("accept failed", metadata: ["errno": "\(code)"])
                    return
                }
            }
            guard gauge.open(limit: configuration.maxConnections) else {
                // Kept (a bounded number at a time) to answer 503 once its request comes, or after a
                // short grace, then closed lingering as every other refusal: a 503 sent before the
                // request confuses clients that take an unasked-for answer for a broken connection
                // (async-http-client does), and closing at once turns a request that arrives later
                // into a reset that destroys the answer (RFC 9112 §9.6).
                if lingeringRefusals < Self.maximumLingeringRefusals, adopt(descriptor, holdsPlace: false) != nil {
                    lingeringRefusals += 1
                } else {
                    refuse(descriptor, overCapacity)
                }
                continue
            }
            adopt(descriptor)
        }
    }

    /// The refusal of a connection past `maxConnections`.
    private var overCapacity: HTTPFailure {
        HTTPFailure(status: 503, reason: "the server has \(configuration.maxConnections) connections open")
    }

    /// Answers a connection kept past `maxConnections` 503, without reading its request.
    private func refuseOverCapacity(_ connection: Connection) {
        fail(connection, overCapacity)
        flush(connection)
    }

    /// Out of descriptors: frees the spare to accept the waiting connection and answer it 503,
    /// rather than leaving it queued and the listener forever readable (a busy loop). Returns
    /// whether accepting should go on; pauses the listener when even that is impossible.
    private func refuseWithSpareDescriptor() -> Bool {
        let failure = HTTPFailure(status: 503, reason: "the server is out of file descriptors")
        if spare >= 0 {
            Glibc.close(spare)
            spare = -1
            let descriptor = fontd_accept_nonblocking(listener, nil, nil)
            let code = fontd_errno()
            if descriptor >= 0 { refuse(descriptor, failure) }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if descriptor >= 0, spare >= 0 { return true }
            if descriptor < 0, code == EAGAIN || code == EWOULDBLOCK { return false }
        }
        // Another thread took the freed descriptor: stop watching the listener for a moment.
        logger.warning("out of file descriptors; pausing accept", metadata: ["loop": "\(index)"])
        epoll_ctl(poll, EPOLL_CTL_DEL, listener, nil)
        acceptPausedUntil = now + 0.1
        return false
    }

    private func resumeAcceptingIfPaused() {
        guard let until = acceptPausedUntil, now >= until, !stopping else { return }
        if spare < 0 { spare = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        guard spare >= 0 else {
            acceptPausedUntil = now + 0.1
            return
        }
        acceptPausedUntil = nil
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = listener
        epoll_ctl(poll, EPOLL_CTL_ADD, listener, &event)
    }

    /// Answers a connection the server will not keep: reads what it sent (so the close is not a
    /// reset that could destroy the answer), writes `failure`, closes.
    private func refuse(_ descriptor: Int32, _ failure: HTTPFailure) {
        _ = read(descriptor, scratch.baseAddress, scratch.count)
        var bytes: [UInt8] = []
        append(responder.failureResponse(failure), head: false, keepAlive: false, minorVersion: 1, to: &bytes)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(descriptor, Int32(SHUT_WR))
        Glibc.close(descriptor)
    }

    /// Watches an accepted connection; nil when it cannot be watched (then it is closed).
    @discardableResult
    private func adopt(_ descriptor: Int32, holdsPlace: Bool = true) -> Connection? {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        nextGeneration += 1
        let interest = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        let connection = Connection(descriptor: descriptor, generation: nextGeneration, interest: interest, now: now)
        connection.holdsPlace = holdsPlace
        do {
            try register(descriptor, events: interest)
        } catch {
            logger.error("cannot watch an accepted connection", metadata: ["error": "\(error)"])
            Glibc.close(descriptor)
            if holdsPlace { gauge.close() }
            return nil
        }
        if Int(descriptor) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(descriptor) + 1 - connections.count + 64))
        }
        connections[Int(descriptor)] = connection
        openHere += 1
        return connection
    }

    // MARK: - Reading and answering

    private func handle(_ events: UInt32, on connection: Connection) {
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            readAvailable(connection)
        }
        guard connections[Int(connection.descriptor)] === connection else { return }
        if events & EPOLLOUT.rawValue != 0 { flush(connection) }
    }

    private func readAvailable(_ connection: Connection) {
        let count = read(connection.descriptor, scratch.baseAddress, scratch.count)
        if count < 0 {
            let code = fontd_errno()
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return }
            return close(connection, reason: .clientGone)
        }
        if count == 0 {
            connection.peerClosed = true
            // Nothing more can arrive: a stream's client is gone, and an unfinished request never will be.
            if connection.stream != nil || connection.lingerUntil != nil || (connection.pendingOutputBytes == 0 && connection.awaiting == nil) {
                return close(connection, reason: .clientGone)
            }
            connection.closing = true
            updateInterest(connection)
            return
        }
        // A stream or a connection being closed reads only to notice the client leaving.
        guard connection.stream == nil, connection.lingerUntil == nil, !connection.closing else { return }
        if !connection.holdsPlace { return refuseOverCapacity(connection) }
        if !connection.hasUnfinishedInput { connection.requestStartedAt = now }
        connection.input.append(contentsOf: UnsafeRawBufferPointer(start: scratch.baseAddress, count: count))
        processInput(connection)
        flush(connection)
    }

    /// Answers every complete request in the input, in order, into the output buffer.
    private func processInput(_ connection: Connection) {
        while connection.hasUnfinishedInput, !connection.closing, connection.stream == nil, connection.awaiting == nil,
              connection.pendingOutputBytes < Self.outputHighWater {
            switch parser.parse(connection.input[connection.inputStart...]) {
            case .incomplete(let headersComplete, let expectsContinue):
                if headersComplete, connection.bodyStartedAt == nil { connection.bodyStartedAt = now }
                if headersComplete, expectsContinue, !connection.sentContinue {
                    connection.sentContinue = true
                    connection.output.append(contentsOf: Self.continueLine)
                }
                connection.compactInput()
                return
            case .failed(let failure):
                fail(connection, failure)
                return
            case .complete(let request, let consumed):
                connection.inputStart += consumed
                connection.bodyStartedAt = nil
                connection.sentContinue = false
                connection.requestStartedAt = connection.hasUnfinishedInput ? now : nil
                connection.lastActivity = now
                answer(request, on: connection)
            }
        }
        connection.heldBack = connection.hasUnfinishedInput && connection.pendingOutputBytes >= Self.outputHighWater
        connection.compactInput()
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private func answer(_ request: HTTPRequest, on connection: Connection) {
        let keepAlive = request.keepAlive && !stopping
        let isHead = request.method == "HEAD"
        switch responder.respond(to: request) {
        case .response(let response):
            append(response, head: isHead, keepAlive: keepAlive, minorVersion: request.minorVersion, to: &connection.output)
            if !keepAlive { connection.closing = true }
        case .deferred(let start):
            connection.awaiting = (isHead, keepAlive, request.minorVersion)
            start(HTTPDeferredResponse(loop: self, descriptor: connection.descriptor, generation: connection.generation))
        case .stream(let head, let opened):
            appendStreamHead(head, to: &connection.output)
            let stream = HTTPStream(loop: self, descriptor: connection.descriptor, generation: connection.generation)
            connection.stream = stream
            connection.input.removeAll()
            connection.inputStart = 0
            if var bytes = configuration.streamSendBufferBytes {
                setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
            }
            if stopping {
                connection.closing = true
                stream.end(.serverStopping)
            }
            opened(stream)
        }
    }

    /// Answers a request the server refuses, then closes (every refusal ends the connection:
    /// after a framing error nobody can tell where the next request would start).
    private func fail(_ connection: Connection, _ failure: HTTPFailure) {
        logger.debug("request refused", metadata: ["status": "\(failure.status)", "reason": "\(failure.reason)"])
        append(responder.failureResponse(failure), head: false, keepAlive: false, minorVersion: 1, to: &connection.output)
        connection.closing = true
        connection.input.removeAll()
        connection.inputStart = 0
    }

    // MARK: - Writing

    private static let statusLines: [Int: [UInt8]] = {
        var lines: [Int: [UInt8]] = [:]
        for status in [200, 201, 204, 304, 400, 401, 404, 405, 408, 413, 414, 431, 500, 501, 503, 505] {
            lines[status] = Array("HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(status))\r\n".utf8)
        }
        return lines
    }()

    private static let closeLine = Array("Connection: close\r\n".utf8)
    private static let keepAliveLine = Array("Connection: keep-alive\r\n".utf8)
    private static let contentLengthName = Array("Content-Length: ".utf8)
    private static let crlf: [UInt8] = [0x0D, 0x0A]

    /// Serializes `response` after whatever `bytes` holds (pipelined answers share one write).
    private func append(_ response: HTTPResponse, head: Bool, keepAlive: Bool, minorVersion: Int, to bytes: inout [UInt8]) {
        let status = response.status
        appendStatusAndFields(response, to: &bytes)
        // RFC 9110 §8.6: no Content-Length on 1xx and 204; a 304 carries no body.
        let bodyless = status < 200 || status == 204 || status == 304
        if !bodyless {
            bytes.append(contentsOf: Self.contentLengthName)
            appendDecimal(response.body.count, to: &bytes)
            bytes.append(contentsOf: Self.crlf)
        }
        if !keepAlive {
            bytes.append(contentsOf: Self.closeLine)
        } else if minorVersion == 0 {
            bytes.append(contentsOf: Self.keepAliveLine)
        }
        bytes.append(contentsOf: Self.crlf)
        if !head, !bodyless { bytes.append(contentsOf: response.body) }
    }

    /// A held-open response: no length, so the body runs until the connection closes.
    private func appendStreamHead(_ response: HTTPResponse, to bytes: inout [UInt8]) {
        appendStatusAndFields(response, to: &bytes)
        bytes.append(contentsOf: Self.closeLine)
        bytes.append(contentsOf: Self.crlf)
        bytes.append(contentsOf: response.body)
    }

    /// The status line, `Date` and the response's own fields.
    private func appendStatusAndFields(_ response: HTTPResponse, to bytes: inout [UInt8]) {
        if let line = Self.statusLines[response.status] {
            bytes.append(contentsOf: line)
        } else {
            bytes.append(contentsOf: "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(response.status))\r\n".utf8)
        }
        bytes.append(contentsOf: date.headerLine)
        bytes.append(contentsOf: response.headerBytes)
    }

    private func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Sends what is pending with as few `send` calls as the kernel allows, then decides what
    /// the connection waits for next.
    private func flush(_ connection: Connection) {
        while connection.pendingOutputBytes > 0 {
            let sent = connection.output.withUnsafeBytes { buffer in
                send(connection.descriptor, buffer.baseAddress! + connection.outputStart, connection.pendingOutputBytes,
                     Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if sent < 0 {
                let code = fontd_errno()
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                return close(connection, reason: .clientGone)
            }
            connection.outputStart += sent
            connection.lastActivity = now
        }
        if connection.pendingOutputBytes == 0 {
            connection.output.removeAll(keepingCapacity: connection.output.capacity <= 64 * 1024)
            connection.outputStart = 0
            if connection.closing || (stopping && !connection.hasUnfinishedInput && connection.awaiting == nil) {
                return finish(connection)
            }
            // Requests held back while the output was full can go on now.
            if connection.heldBack {
                connection.heldBack = false
                processInput(connection)
                if connection.pendingOutputBytes > 0 { return flush(connection) }
            }
        }
        updateInterest(connection)
    }

    private func updateInterest(_ connection: Connection) {
        var wanted = connection.peerClosed ? 0 : EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        if connection.pendingOutputBytes > 0 { wanted |= EPOLLOUT.rawValue }
        guard wanted != connection.interest else { return }
        connection.interest = wanted
        var event = epoll_event()
        event.events = wanted
        event.data.fd = connection.descriptor
        epoll_ctl(poll, EPOLL_CTL_MOD, connection.descriptor, &event)
    }

    // MARK: - Closing

    /// The last response is written: shut the write side and wait briefly for the client to
    /// close, discarding anything it still sends.
    private func finish(_ connection: Connection) {
        // A stream's client sends nothing, so there is nothing unread to turn the close into a reset.
        if connection.peerClosed || connection.stream != nil { return close(connection, reason: .closedByServer) }
        if connection.lingerUntil == nil {
            shutdown(connection.descriptor, Int32(SHUT_WR))
            connection.lingerUntil = now + Self.lingerSeconds
            connection.stream?.end(.closedByServer)
        }
        updateInterest(connection)
    }

    private func close(_ connection: Connection, reason: HTTPStream.EndReason) {
        guard connections[Int(connection.descriptor)] === connection else { return }
        connections[Int(connection.descriptor)] = nil
        Glibc.close(connection.descriptor)
        openHere -= 1
        if connection.holdsPlace { gauge.close() } else { lingeringRefusals -= 1 }
        connection.stream?.end(reason)
    }

    private func closeAll(_ reason: HTTPStream.EndReason) {
        for case let connection? in connections { close(connection, reason: reason) }
    }

    private func beginStop() {
        guard !stopping else { return }
        stopping = true
        stopDeadline = now + max(configuration.headerTimeoutSeconds, configuration.bodyTimeoutSeconds) + Self.lingerSeconds
        if acceptPausedUntil == nil { epoll_ctl(poll, EPOLL_CTL_DEL, listener, nil) }
        Glibc.close(listener)
        listener = -1
        for case let connection? in connections {
            if connection.stream != nil {
                connection.stream?.end(.serverStopping)
                connection.closing = true
                flush(connection)
            } else if !connection.hasUnfinishedInput, connection.pendingOutputBytes == 0, connection.awaiting == nil {
                close(connection, reason: .serverStopping)
            }
        }
    }

    // MARK: - Timers

    /// Enforces the header, body, idle and linger deadlines (a scan: cheap next to the traffic
    /// that fills a table of this size).
    private func sweep() {
        resumeAcceptingIfPaused()
        let configuration = configuration
        for case let connection? in connections {
            if let until = connection.lingerUntil {
                if now >= until { close(connection, reason: .closedByServer) }
                continue
            }
            if !connection.holdsPlace, !connection.closing {
                if now - connection.lastActivity >= Self.refusalGraceSeconds { refuseOverCapacity(connection) }
                continue
            }
            if connection.stream != nil || connection.awaiting != nil { continue }
            if connection.pendingOutputBytes > 0 {
                if now - connection.lastActivity > configuration.idleTimeoutSeconds { close(connection, reason: .clientGone) }
            } else if connection.hasUnfinishedInput, !connection.closing {
                if let started = connection.bodyStartedAt, now - started > configuration.bodyTimeoutSeconds {
                    timeOut(connection, "the request body did not arrive within \(configuration.bodyTimeoutSeconds) seconds")
                } else if connection.bodyStartedAt == nil, let started = connection.requestStartedAt,
                          now - started > configuration.headerTimeoutSeconds {
                    timeOut(connection, "the request head did not arrive within \(configuration.headerTimeoutSeconds) seconds")
                }
            } else if now - connection.lastActivity > configuration.idleTimeoutSeconds {
                close(connection, reason: .closedByServer)
            }
        }
    }

    private func timeOut(_ connection: Connection, _ reason: String) {
        fail(connection, HTTPFailure(status: 408, reason: reason))
        flush(connection)
    }
}

/// The open-connection count shared by every loop, for `maxConnections`.
final class ConnectionGauge: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more connection unless `limit` are open already.
    func open(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func close() { count.subtract(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
