import CFontdSystem
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on raw non-blocking sockets: one epoll loop per thread, all accepting from
/// one listening socket (docs/DESIGN.md §13 (The server)). It knows nothing of what it serves; every request
/// goes to the `HTTPResponder`.
///
/// `init` binds (so the port is known at once, even when the kernel chose it), or takes a
/// listener bound already; `run()` serves until SIGTERM or SIGINT, or `start()` / `stop()` /
/// `wait()` drive it from code.
public final class HTTPServer: Sendable {
    /// The port the listener is bound to.
    public var port: Int { listener.port }
    /// The host as configured.
    public var host: String { listener.host }
    private let listener: HTTPListener
    private let loops: [EventLoop]
    private let threads = Mutex<[pthread_t]>([])
    private let stopRequested: Int32
    private let logger: Logger

    /// Binds `configuration.host` and `configuration.port`; nothing is served until `start()` or `run()`.
    public convenience init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) throws(HTTPServerError) {
        let listener = try HTTPListener(host: configuration.host, port: configuration.port)
        try self.init(listener: listener, configuration: configuration, responder: responder, logger: logger)
    }

    /// Serves on `listener` (its host and port, not the configuration's); nothing is served until
    /// `start()` or `run()`. The server closes the listener once its loops have stopped.
    public init(
        listener: HTTPListener, configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger
    ) throws(HTTPServerError) {
        guard configuration.threads >= 1 else { throw .invalidConfiguration("threads must be at least 1") }
        guard configuration.maxConnections >= 1 else { throw .invalidConfiguration("max connections must be at least 1") }
        signal(SIGPIPE, SIG_IGN)
        self.listener = listener
        self.logger = logger
        let gauge = ConnectionGauge(maxConnections: configuration.maxConnections, loops: configuration.threads)
        var loops: [EventLoop] = []
        for index in 0..<configuration.threads {
            loops.append(
                try EventLoop(
                    index: index, listener: listener.descriptor, configuration: configuration, responder: responder,
                    gauge: gauge, logger: logger))
        }
        for loop in loops { loop.peers = loops.map { EventLoop.Peer(loop: $0) } }
        self.loops = loops
        stopRequested = eventfd(0, Int32(EFD_CLOEXEC))
        guard stopRequested >= 0 else { throw .system(call: "eventfd", errno: errno) }
    }

    deinit { close(stopRequested) }

    /// Whether `host` names a loopback address, judged as the server binds it: on the first
    /// address `getaddrinfo` gives for it, not on how the name is spelled.
    public static func isLoopback(host: String) throws(HTTPServerError) -> Bool {
        HTTPListener.isLoopback(try HTTPListener.address(host: host, port: 0).storage)
    }

    /// `http://host:port`, with brackets around an IPv6 literal.
    public var url: String { host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)" }

    /// Starts every event loop on a thread of its own and returns.
    public func start() {
        threads.withLock { threads in
            guard threads.isEmpty else { return }
            for loop in loops { threads.append(Self.spawn { loop.run() }) }
        }
    }

    /// Stops gracefully: no new connections; requests under way finish, streams close; `wait()`
    /// and `run()` return once every connection is done. Callable from any thread.
    public func stop() {
        for loop in loops { loop.post(.stop) }
        // After the loops have their .stop waiting: the shut listener wakes them, and they stop watching it.
        listener.stopListening()
        eventfd_write(stopRequested, 1)
    }

    /// Blocks until every event loop has stopped, then closes the listener (which `stop()` has
    /// already stopped listening).
    public func wait() {
        let running = threads.withLock { threads in
            defer { threads = [] }
            return threads
        }
        guard !running.isEmpty else { return }
        for thread in running { pthread_join(thread, nil) }
        listener.close()
    }

    /// Serves until SIGTERM or SIGINT (or `stop()`), then stops gracefully and returns.
    ///
    /// The signals are read from a signalfd, so they arrive as ordinary events instead of
    /// interrupting a loop mid-write. That needs them blocked in every thread: `run()` blocks them
    /// in the calling thread before it starts the loops (which inherit the mask), but threads
    /// started earlier — by the Swift runtime, by libraries — must have been started with them
    /// blocked already; `fontd` blocks them before its first thread (docs/DESIGN.md §15 (Timeouts, overload and shutdown)).
    ///
    /// Every callback is called on the calling thread and must return soon.
    /// - Parameters:
    ///   - onHangUp: Called on SIGHUP; without it SIGHUP is logged and otherwise ignored (a
    ///     server has no terminal to lose).
    ///   - onStarted: Called once, when every event loop has started and answered a roll call
    ///     from its own thread: a request made after it is answered.
    ///   - onStopping: Called when a stop begins, before the graceful stop.
    ///   - heartbeat: Beats while every loop answers the roll call put after each beat.
    public func run(
        onHangUp: (() -> Void)? = nil, onStarted: (() -> Void)? = nil, onStopping: (() -> Void)? = nil,
        heartbeat: HTTPHeartbeat? = nil
    ) throws(HTTPServerError) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let signalDescriptor = signalfd(-1, &signals, Int32(SFD_CLOEXEC))
        guard signalDescriptor >= 0 else { throw .system(call: "signalfd", errno: errno) }
        defer { close(signalDescriptor) }
        let rollCallAnswered = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard rollCallAnswered >= 0 else { throw .system(call: "eventfd", errno: errno) }
        defer { close(rollCallAnswered) }
        start()
        callTheRoll(answered: rollCallAnswered)

        var watched = [
            pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopRequested, events: Int16(POLLIN), revents: 0),
            pollfd(fd: rollCallAnswered, events: Int16(POLLIN), revents: 0),
        ]
        var started = false
        var everyLoopAnswered = false
        var lateRollCallLogged = false
        let interval = heartbeat.map { Duration.seconds($0.intervalSeconds) }
        var nextBeat = interval.map { ContinuousClock.now + $0 }
        while true {
            let timeout = nextBeat.map { Self.milliseconds(until: $0) } ?? -1
            if Glibc.poll(&watched, nfds_t(watched.count), timeout) < 0 {
                if errno == EINTR { continue }
                break
            }
            if watched[2].revents != 0 {
                var count: eventfd_t = 0
                eventfd_read(rollCallAnswered, &count)
                everyLoopAnswered = true
                if !started {
                    started = true
                    onStarted?()
                }
            }
            if let heartbeat, let interval, let due = nextBeat, ContinuousClock.now >= due {
                if everyLoopAnswered {
                    heartbeat.beat()
                    everyLoopAnswered = false
                    lateRollCallLogged = false
                    callTheRoll(answered: rollCallAnswered)
                } else if !lateRollCallLogged {
                    lateRollCallLogged = true
                    logger.warning("an event loop has not answered for \(heartbeat.intervalSeconds) s; the heartbeat waits for it")
                }
                nextBeat = ContinuousClock.now + interval
            }
            if watched[1].revents != 0 { break }
            guard watched[0].revents != 0 else { continue }
            var info = signalfd_siginfo()
            _ = read(signalDescriptor, &info, MemoryLayout<signalfd_siginfo>.size)
            let name = info.ssi_signo == UInt32(SIGTERM) ? "SIGTERM" : info.ssi_signo == UInt32(SIGINT) ? "SIGINT" : "SIGHUP"
            if info.ssi_signo == UInt32(SIGHUP) {
                if let onHangUp {
                    logger.info("SIGHUP", metadata: ["signal": "\(name)"])
                    onHangUp()
                } else {
                    logger.info("ignoring SIGHUP", metadata: ["signal": "\(name)"])
                }
                continue
            }
            logger.info("stopping", metadata: ["signal": "\(name)"])
            break
        }
        onStopping?()
        stop()
        wait()
        logger.info("stopped")
    }

    /// Asks every loop to answer from its own thread; the last answer writes `answered`.
    private func callTheRoll(answered: Int32) {
        let rollCall = LoopRollCall(loops: loops.count, answered: answered)
        for loop in loops { loop.post(.rollCall(rollCall)) }
    }

    /// `poll`'s timeout until `deadline`: rounded up, so that a wake-up is never early.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, Int64(Int32.max)))
    }

    private final class ThreadBody {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, context)
        return thread
    }
}
