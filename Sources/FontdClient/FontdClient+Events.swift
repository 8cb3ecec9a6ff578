import Foundation

extension FontdClient {
    /// The reader's preferences as they change (`GET /events`): the snapshot first, then each
    /// change, in order, as it happens. For a scope, every change of its effective preferences,
    /// made on it or on an ancestor (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); the token goes in the header.
    ///
    /// When the connection drops or the server restarts, the stream reconnects by itself
    /// after a growing wait, resuming with `Last-Event-ID`, so no change is lost or repeated.
    /// When the server can no longer tell every missed change (they are too old, or its state
    /// was reset), a new `.snapshot` comes instead: treat it as "start over from these".
    ///
    /// The stream throws when the first connection fails (check the URL, start the server,
    /// and ask again) or the server refuses it (a 4xx answer); once connected, failures are
    /// retried. Ending the iteration (or cancelling its task) closes the connection.
    public func preferenceChanges(reconnection: Reconnection = .default) -> AsyncThrowingStream<PreferenceEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: PreferenceEvent.self)
        let task = Task { [self] in
            do {
                try await followEvents(reconnection: reconnection) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Connects, delivers events, and reconnects until cancelled or refused.
    private func followEvents(reconnection: Reconnection, deliver: (PreferenceEvent) -> Void) async throws {
        let url = try url(path: "/events", query: scoped())
        var lastSequence: Int?
        var connected = false
        var advisedDelay = Duration.milliseconds(2000)
        var delay: Duration?
        while !Task.isCancelled {
            var headers = [(name: "Accept", value: "text/event-stream"), (name: "Cache-Control", value: "no-cache")]
            if let lastSequence { headers.append((name: "Last-Event-ID", value: String(lastSequence))) }
            if let token { headers.append((name: "Authorization", value: "Bearer \(token)")) }
            let connection = EventStreamConnection(
                request: TransportRequest(url: url, headers: headers), idleTimeout: reconnection.idleTimeout)
            var parser = EventStreamParser()
            do {
                try await withTaskCancellationHandler {
                    for try await chunk in connection.chunks {
                        connected = true
                        delay = nil
                        for event in parser.feed(chunk) {
                            guard let preferenceEvent = try Self.preferenceEvent(event, url: url) else { continue }
                            // `fontsDidChange` has no id: delivered as it comes, it leaves the count alone.
                            guard let sequence = preferenceEvent.sequence else {
                                deliver(preferenceEvent)
                                continue
                            }
                            if case .snapshot = preferenceEvent {
                                // A snapshot starts the count over (the server's state may have been reset).
                            } else if let lastSequence, sequence <= lastSequence {
                                continue
                            }
                            lastSequence = sequence
                            deliver(preferenceEvent)
                        }
                    }
                } onCancel: {
                    connection.cancel()
                }
            } catch let error as FontdClientError {
                // Once connected, a transient failure is a drop: reconnect below.
                if !connected || !error.isTransient { throw error }
            }
            if Task.isCancelled { break }
            if let retry = parser.retryMilliseconds { advisedDelay = .milliseconds(retry) }
            let wait =
                delay.map { min($0 * 2, reconnection.maximumDelay) }
                ?? min(reconnection.initialDelay ?? advisedDelay, reconnection.maximumDelay)
            delay = wait
            try await Task.sleep(for: wait)
        }
    }

    /// The preference event an SSE event carries; nil for events of names this version does not know.
    private static func preferenceEvent(_ event: ServerSentEvent, url: URL) throws(FontdClientError) -> PreferenceEvent? {
        do {
            return try PreferenceEvent(name: event.name, data: Array(event.data.utf8))
        } catch {
            throw .invalidResponse(
                url: url.absoluteString, reason: "the '\(event.name)' event's data is not what fontd sends (\(reason(error)))")
        }
    }
}
