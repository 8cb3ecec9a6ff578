import CFontdSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP/1.1 exchange on each connection: reading, answering in order, writing, ending
/// (docs/DESIGN.md §13 (The server)). The connection's `state` decides; these functions do the I/O.
extension EventLoop {
    /// Why `processInput` stopped.
    enum InputOutcome {
        /// No complete request is left; more bytes must come.
        case needsInput
        /// The output passed the high-water mark; the requests left wait until it drains.
        case outputFull
        /// The connection is not taking requests now (an answer awaited, a file being sent, a
        /// stream, its end).
        case waiting
    }

    func handle(_ events: UInt32, on connection: HTTPConnection) {
        // Both directions are shut, or the socket failed: nothing more can be delivered.
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 { return close(connection, reason: .clientGone) }
        if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 {
            readAvailable(connection)
            guard isCurrent(connection) else { return }
        }
        progress(connection)
    }

    /// Moves `connection` as far as it can go: answers the complete requests in its input,
    /// writes what is pending, ends it once its last answer is out, and sets what epoll watches.
    func progress(_ connection: HTTPConnection) {
        while true {
            let outcome = processInput(connection)
            guard flush(connection) else { return }
            guard !connection.hasUnsentBytes else { break }
            if case .closing(let ending) = connection.state { return finish(connection, ending) }
            // The output drained, or the file that held the connection is sent: the requests
            // they held back go on.
            if outcome == .outputFull { continue }
            if outcome == .waiting, case .open = connection.state { continue }
            if stopping, case .open(.idle) = connection.state, !connection.hasUnreadInput {
                return close(connection, reason: .serverStopping)
            }
            break
        }
        updateInterest(connection)
    }

    private func readAvailable(_ connection: HTTPConnection) {
        let count = read(connection.descriptor, scratch.baseAddress, scratch.count)
        if count < 0 {
            let code = fontd_errno()
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return }
            return close(connection, reason: .clientGone)
        }
        if count == 0 {
            connection.inputEnded()
            // A stream's client, or one being refused or closed, is gone; requests already read
            // are still answered (a half-close ends the requests, not the answers).
            switch connection.state {
            case .streaming, .lingering, .refusing: close(connection, reason: .clientGone)
            case .open, .awaitingAnswer, .sendingFile, .closing: break
            }
            return
        }
        switch connection.state {
        case .refusing:
            fail(connection, overCapacity)
        case .open, .awaitingAnswer, .sendingFile:
            connection.requestBegan(now: now)
            connection.input.append(contentsOf: UnsafeRawBufferPointer(start: scratch.baseAddress, count: count))
        case .streaming, .closing, .lingering:
            // Read only to notice the client leaving; what it sends is never answered.
            break
        }
    }

    /// Answers the complete requests in the input, in order, into the output.
    private func processInput(_ connection: HTTPConnection) -> InputOutcome {
        defer { connection.compactInput() }
        while case .open = connection.state {
            guard connection.pendingOutputBytes < Self.outputHighWater else { return .outputFull }
            guard connection.hasUnreadInput else { return endOfRequests(connection) }
            switch connection.decoder.decode(connection.input[connection.inputStart...]) {
            case .incomplete(let headersComplete, let expectsContinue):
                if headersComplete, connection.headCompleted(now: now, expectsContinue: expectsContinue) {
                    connection.output.append(contentsOf: ResponseSerializer.continueLine)
                }
                return endOfRequests(connection)
            case .failed(let failure):
                fail(connection, failure)
            case .complete(let request, let consumed):
                connection.requestConsumed(consumed, now: now)
                answer(request, on: connection)
            }
        }
        return .waiting
    }

    /// No complete request is left: more must come, unless the client has finished sending
    /// (then an unfinished request never will, and the connection ends once its answers are out).
    private func endOfRequests(_ connection: HTTPConnection) -> InputOutcome {
        guard connection.readSide == .ended else { return .needsInput }
        connection.close(after: .linger)
        return .waiting
    }

    private func answer(_ request: HTTPRequest, on connection: HTTPConnection) {
        let keepAlive = request.keepAlive && !stopping
        let head = request.method == "HEAD"
        switch respond(request) {
        case .response(let response):
            serializer.append(response, head: head, keepAlive: keepAlive, minorVersion: request.minorVersion, to: &connection.output)
            if !keepAlive { connection.close(after: .linger) }
        case .deferred(let start):
            connection.awaitAnswer(.init(head: head, keepAlive: keepAlive, minorVersion: request.minorVersion))
            let loop = self
            let descriptor = connection.descriptor
            let generation = connection.generation
            start(
                HTTPDeferredResponse { response in
                    loop.post(.complete(descriptor: descriptor, generation: generation, response: response))
                })
        case .retry(let start):
            connection.awaitAnswer(.init(head: head, keepAlive: keepAlive, minorVersion: request.minorVersion))
            let loop = self
            let descriptor = connection.descriptor
            let generation = connection.generation
            start { loop.post(.retry(descriptor: descriptor, generation: generation, request: request)) }
        case .stream(let head, let opened):
            serializer.appendStreamHead(head, to: &connection.output)
            let stream = HTTPStream(loop: self, descriptor: connection.descriptor, generation: connection.generation)
            connection.startStreaming(stream)
            if var bytes = configuration.streamSendBufferBytes {
                setsockopt(connection.descriptor, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
            }
            if stopping { connection.close(after: .close, streamEnd: .serverStopping) }
            opened(stream)
        case .file(let response, let body):
            serializer.appendHead(
                response, contentLength: body.length, keepAlive: keepAlive, minorVersion: request.minorVersion, to: &connection.output)
            if !head, ResponseSerializer.carriesBody(response.status), body.length > 0 {
                connection.startSendingFile(body, keepAlive: keepAlive)
            } else if !keepAlive {
                connection.close(after: .linger)
            }
        }
    }

    /// The deferred answer of `connection` came (through the mailbox).
    func complete(_ response: HTTPResponse, on connection: HTTPConnection) {
        guard let pending = connection.answerArrived(now: now) else { return }
        let keepAlive = pending.keepAlive && !stopping
        serializer.append(response, head: pending.head, keepAlive: keepAlive, minorVersion: pending.minorVersion, to: &connection.output)
        if !keepAlive { connection.close(after: .linger) }
        progress(connection)
    }

    /// What a `.retry` answer waited for is ready (through the mailbox): the request is answered again.
    func retry(_ request: HTTPRequest, on connection: HTTPConnection) {
        guard connection.answerArrived(now: now) != nil else { return }
        answer(request, on: connection)
        progress(connection)
    }

    /// Bytes a held-open stream pushed; a client that lets them pile up past the limit is cut off.
    ///
    /// When nothing is queued before them they go to the kernel straight from `bytes` (one
    /// event's bytes are shared by every subscriber it reaches), and only what it does not take
    /// is copied into the output: an idle stream keeps no buffer (docs/DESIGN.md §13 (The server)).
    func streamSend(_ bytes: [UInt8], on connection: HTTPConnection) {
        guard case .streaming = connection.state else { return }
        if connection.pendingOutputBytes == 0 {
            guard let sent = bytes.withUnsafeBytes({ sendNow($0[...], on: connection) }) else {
                return close(connection, reason: .clientGone)
            }
            if sent < bytes.count { connection.output.append(contentsOf: bytes[sent...]) }
        } else {
            connection.output.append(contentsOf: bytes)
            guard flush(connection) else { return }
        }
        if connection.pendingOutputBytes > configuration.streamBacklogLimitBytes {
            logger.info(
                "stream client cut off: backlog over the limit",
                metadata: [
                    "backlog": "\(connection.pendingOutputBytes)", "limit": "\(configuration.streamBacklogLimitBytes)",
                ])
            return close(connection, reason: .backlogExceeded)
        }
        updateInterest(connection)
    }

    /// Answers a request the server refuses; the connection ends after it (after a framing
    /// error nobody can tell where the next request would start).
    func fail(_ connection: HTTPConnection, _ failure: HTTPFailure) {
        logger.debug("request refused", metadata: ["status": "\(failure.status)", "reason": "\(failure.reason)"])
        serializer.append(responder.failureResponse(failure), head: false, keepAlive: false, minorVersion: 1, to: &connection.output)
        connection.refuse()
    }

    /// Sends what is pending, then the file being sent, if any; false when that closed the connection.
    private func flush(_ connection: HTTPConnection) -> Bool {
        if connection.pendingOutputBytes > 0 {
            guard let sent = connection.output.withUnsafeBytes({ sendNow($0[connection.outputStart...], on: connection) }) else {
                close(connection, reason: .clientGone)
                return false
            }
            connection.outputStart += sent
        }
        connection.compactOutput()
        guard connection.pendingOutputBytes == 0 else { return true }
        return sendFile(connection)
    }

    /// Sends as much of `bytes` as the kernel takes now, with as few `send` calls as it allows;
    /// returns how much that was, or nil when the client is gone (the caller closes the connection).
    private func sendNow(_ bytes: UnsafeRawBufferPointer.SubSequence, on connection: HTTPConnection) -> Int? {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let sent = send(
                connection.descriptor, bytes.base.baseAddress! + start, bytes.endIndex - start, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            if sent < 0 {
                let code = fontd_errno()
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                return nil
            }
            start += sent
            connection.lastActivity = now
        }
        return start - bytes.startIndex
    }

    /// Sends the file under way with `sendfile(2)`, from where it stands, until it is all sent,
    /// the kernel takes no more (EPOLLOUT resumes it), or `fileBytesPerTurn` went out (the other
    /// connections get their turn first). The bytes go from the page cache to the socket, never
    /// through this process's memory. False when the connection was closed: the client is gone,
    /// or the promised `Content-Length` cannot be kept (the file failed or shrank).
    private func sendFile(_ connection: HTTPConnection) -> Bool {
        var budget = Self.fileBytesPerTurn
        while budget > 0, case .sendingFile(let transfer) = connection.state {
            var offset = off_t(transfer.offset)
            let sent = sendfile(connection.descriptor, transfer.body.descriptor, &offset, min(transfer.remainingBytes, budget))
            if sent > 0 {
                connection.fileBytesSent(sent, now: now)
                budget -= sent
                continue
            }
            let code = sent < 0 ? fontd_errno() : 0
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { break }
            // sendfile has no MSG_NOSIGNAL: a gone client is EPIPE because SIGPIPE is ignored (HTTPServer.init).
            if code == EPIPE || code == ECONNRESET {
                close(connection, reason: .clientGone)
                return false
            }
            logger.info(
                "file answer cut short: the connection is closed",
                metadata: [
                    "path": "\(transfer.body.path)", "sent": "\(transfer.offset)", "length": "\(transfer.body.length)",
                    "error": "\(code == 0 ? "the file ended early" : String(cString: strerror(code)))",
                ])
            close(connection, reason: .closedByServer)
            return false
        }
        return true
    }

    /// The last answer is written: close, or shut the write side and linger.
    private func finish(_ connection: HTTPConnection, _ ending: HTTPConnection.Ending) {
        if ending == .close || connection.readSide == .ended { return close(connection, reason: .closedByServer) }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.linger(until: now + Self.lingerSeconds)
        updateInterest(connection)
    }

    /// Watches for input only while the connection takes it, for output only while some (or a
    /// file) is pending.
    private func updateInterest(_ connection: HTTPConnection) {
        var wanted = connection.wantsInput(highWater: Self.outputHighWater) ? EPOLLIN.rawValue | EPOLLRDHUP.rawValue : 0
        if connection.hasUnsentBytes { wanted |= EPOLLOUT.rawValue }
        guard wanted != connection.interest else { return }
        connection.interest = wanted
        var event = epoll_event()
        event.events = wanted
        event.data.fd = connection.descriptor
        epoll_ctl(poll, EPOLL_CTL_MOD, connection.descriptor, &event)
    }

    func isCurrent(_ connection: HTTPConnection) -> Bool { connections[Int(connection.descriptor)] === connection }

    func close(_ connection: HTTPConnection, reason: HTTPStream.EndReason) {
        guard isCurrent(connection) else { return }
        connections[Int(connection.descriptor)] = nil
        Glibc.close(connection.descriptor)
        openHere -= 1
        gauge.release(connection.admission)
        if connection.admission == .place { placesOwned.subtract(1, ordering: .relaxed) }
        if connection.admission == .refusal { refusalsHere -= 1 }
        connection.closed(reason)
    }
}
