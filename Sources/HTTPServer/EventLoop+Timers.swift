import CFontdSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The deadlines of docs/DESIGN.md §15 (Timeouts, overload and shutdown), enforced by a periodic sweep (a scan: cheap next to the
/// traffic that fills a table of this size).
extension EventLoop {
    func sweep() {
        resumeAcceptingIfPaused()
        for case let connection? in connections { checkDeadlines(connection) }
    }

    private func checkDeadlines(_ connection: HTTPConnection) {
        let configuration = configuration
        switch connection.state {
        case .lingering(let until):
            if now >= until { close(connection, reason: .closedByServer) }
        case .refusing(let deadline):
            if now >= deadline {
                fail(connection, overCapacity)
                progress(connection)
            }
        case .streaming, .awaitingAnswer:
            // Exempt: a stream is held open on purpose, and the answer's wait is the server's own.
            break
        case .closing, .sendingFile:
            // A client that leaves its last answer, or a file, unread: `lastActivity` is when the
            // kernel last took a byte.
            if connection.hasUnsentBytes, now - connection.lastActivity > configuration.idleTimeoutSeconds {
                close(connection, reason: .clientGone)
            }
        case .open(let request):
            if connection.pendingOutputBytes > 0 {
                // A client that leaves its answers unread.
                if now - connection.lastActivity > configuration.idleTimeoutSeconds { close(connection, reason: .clientGone) }
                return
            }
            switch request {
            case .idle:
                if now - connection.lastActivity > configuration.idleTimeoutSeconds { close(connection, reason: .closedByServer) }
            case .head(let since):
                if now - since > configuration.headerTimeoutSeconds {
                    timeOut(connection, "the request head did not arrive within \(configuration.headerTimeoutSeconds) seconds")
                }
            case .body(let since, _):
                if now - since > configuration.bodyTimeoutSeconds {
                    timeOut(connection, "the request body did not arrive within \(configuration.bodyTimeoutSeconds) seconds")
                }
            }
        }
    }

    private func timeOut(_ connection: HTTPConnection, _ reason: String) {
        fail(connection, HTTPFailure.timeout(reason))
        progress(connection)
    }
}
