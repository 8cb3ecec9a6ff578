import CFontdSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Accepting connections, and refusing those the server cannot keep (docs/DESIGN.md §15 (Timeouts, overload and shutdown)).
extension EventLoop {
    /// At most this many connections are accepted per wake-up. The listener is watched
    /// level-triggered, so while connections remain queued the next `epoll_wait` reports it again
    /// (here, or to another loop `EPOLLEXCLUSIVE` wakes): a bounded batch loses nothing, and leaves
    /// the other loops their share of a burst. (A small batch starves new connections only under
    /// edge triggering, where the readiness is not reported again.)
    static let acceptsPerWakeUp = 32

    /// Watches the shared listener for `EPOLLIN`, level-triggered, with `EPOLLEXCLUSIVE`: a new
    /// connection wakes one waiting loop, not all of them.
    func watchListener() throws(HTTPServerError) {
        try register(listener, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
    }

    /// Accepts until `EAGAIN` or `acceptsPerWakeUp`: each connection is kept, kept only to
    /// deliver its 503, or answered 503 and closed at once.
    func acceptConnections() {
        for _ in 0..<Self.acceptsPerWakeUp {
            let descriptor = fontd_accept_nonblocking(listener, nil, nil)
            if descriptor < 0 {
                let code = fontd_errno()
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                // The listener was shut: the server is stopping, and this loop's .stop is in its mailbox.
                case EINVAL: return
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    if refuseWithSpareDescriptor() { continue }
                    return
                default:
                    logger.error("accept failed", metadata: ["errno": "\(code)"])
                    return
                }
            }
            switch gauge.admit() {
            case .place:
                place(descriptor)
            case .refusal where refusalsHere < Self.maximumLingeringRefusals:
                // Kept to answer 503 once its request comes, or after a short grace, then closed
                // lingering as every other refusal: a 503 sent before the request confuses clients
                // that take an unasked-for answer for a broken connection (async-http-client
                // does), and closing at once turns a request that arrives later into a reset that
                // destroys the answer (RFC 9112 §9.6).
                adopt(descriptor, as: .refusal)
            case .refusal:
                gauge.release(.refusal)
                refuse(descriptor, overCapacity)
            case nil:
                // Past the descriptor budget: refused at once, so that descriptors remain to
                // accept and answer every connection that follows, on every loop.
                refuse(descriptor, outOfDescriptors)
            }
        }
    }

    /// The refusal of a connection past `maxConnections`.
    var overCapacity: HTTPFailure {
        HTTPFailure.overloaded("the server has \(configuration.maxConnections) connections open")
    }

    private var outOfDescriptors: HTTPFailure {
        HTTPFailure.overloaded("the server is out of file descriptors")
    }

    /// Out of descriptors although under the budget (something else took them): frees the spare
    /// to accept the waiting connection and answer it 503, rather than leaving it queued and the
    /// listener forever readable (a busy loop). Returns whether accepting should go on; pauses
    /// the listener for a moment when even that is impossible.
    private func refuseWithSpareDescriptor() -> Bool {
        if spare >= 0 {
            Glibc.close(spare)
            spare = -1
            let descriptor = fontd_accept_nonblocking(listener, nil, nil)
            let code = fontd_errno()
            if descriptor >= 0 { refuse(descriptor, outOfDescriptors) }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if descriptor >= 0, spare >= 0 { return true }
            if descriptor < 0, code == EAGAIN || code == EWOULDBLOCK { return false }
        }
        logger.warning("out of file descriptors; pausing accept", metadata: ["loop": "\(index)"])
        epoll_ctl(poll, EPOLL_CTL_DEL, listener, nil)
        acceptPausedUntil = now + 0.1
        return false
    }

    /// Watches the listener again once the pause is over and the spare could be reopened.
    func resumeAcceptingIfPaused() {
        guard let until = acceptPausedUntil, now >= until, !stopping else { return }
        if spare < 0 { spare = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        guard spare >= 0 else {
            acceptPausedUntil = now + 0.1
            return
        }
        acceptPausedUntil = nil
        do {
            try watchListener()
        } catch {
            logger.error("cannot watch the listener again", metadata: ["loop": "\(index)", "error": "\(error)"])
        }
    }

    /// Answers a connection the server will not keep: reads what it sent (so the close is not a
    /// reset that could destroy the answer), writes `failure`, closes.
    private func refuse(_ descriptor: Int32, _ failure: HTTPFailure) {
        _ = read(descriptor, scratch.baseAddress, scratch.count)
        var bytes: [UInt8] = []
        serializer.append(responder.failureResponse(failure), head: false, keepAlive: false, minorVersion: 1, to: &bytes)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(descriptor, Int32(SHUT_WR))
        Glibc.close(descriptor)
    }

    /// Gives a connection that holds a place to the loop with the fewest, this one unless
    /// another has at least two fewer. `EPOLLEXCLUSIVE` wakes the first waiting loop, so
    /// connections arriving one at a time on an idle server would otherwise all land on one
    /// loop, and long-lived ones (event streams) would stay there.
    private func place(_ descriptor: Int32) {
        let here = placesOwned.load(ordering: .relaxed)
        var lightest: EventLoop?
        var fewest = here - 1
        for case let peer? in peers.lazy.map(\.loop) where peer !== self {
            let count = peer.placesOwned.load(ordering: .relaxed)
            if count < fewest { (lightest, fewest) = (peer, count) }
        }
        if let lightest {
            lightest.placesOwned.add(1, ordering: .relaxed)
            if lightest.post(.adopt(descriptor: descriptor)) { return }
            lightest.placesOwned.subtract(1, ordering: .relaxed)
        }
        placesOwned.add(1, ordering: .relaxed)
        adopt(descriptor, as: .place)
    }

    /// A connection another loop accepted and placed here (`place`); closed at once when this
    /// loop is stopping, as the connections it had not accepted yet are.
    func adoptHandedOver(_ descriptor: Int32) {
        guard !stopping else {
            Glibc.close(descriptor)
            gauge.release(.place)
            placesOwned.subtract(1, ordering: .relaxed)
            return
        }
        adopt(descriptor, as: .place)
    }

    /// Watches an accepted connection the gauge admitted as `admission` (closed, and counted
    /// out, when it cannot be watched); one holding a place is already in `placesOwned`.
    private func adopt(_ descriptor: Int32, as admission: HTTPConnection.Admission) {
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        nextGeneration += 1
        let interest = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        let connection = HTTPConnection(
            descriptor: descriptor, generation: nextGeneration, admission: admission, limits: configuration.limits,
            interest: interest, now: now,
            refusalGraceSeconds: Self.refusalGraceSeconds)
        do {
            try register(descriptor, events: interest)
        } catch {
            logger.error("cannot watch an accepted connection", metadata: ["error": "\(error)"])
            Glibc.close(descriptor)
            gauge.release(admission)
            if admission == .place { placesOwned.subtract(1, ordering: .relaxed) }
            return
        }
        if Int(descriptor) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(descriptor) + 1 - connections.count + 64))
        }
        connections[Int(descriptor)] = connection
        openHere += 1
        logger.trace("connection opened", metadata: ["loop": "\(index)"])
        if admission == .refusal { refusalsHere += 1 }
    }
}
