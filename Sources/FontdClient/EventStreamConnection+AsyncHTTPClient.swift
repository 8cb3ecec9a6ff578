#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Dispatch
    import Foundation
    import NIOCore
    import NIOHTTP1
    import Synchronization

    /// One `GET /events` connection: its bytes as they arrive, handed over by async-http-client on
    /// its event loop, which waits in `epoll_wait` while the stream is quiet.
    ///
    /// The connection is made and read on the event loop, never on the Swift concurrency pool: a
    /// pool kept busy elsewhere in the app delays when events are consumed, not when the
    /// subscription starts. The chunks stream ends when the server closes the connection and
    /// throws when the connection fails, answers with an error, or carries nothing for `idleTimeout`.
    final class EventStreamConnection: HTTPClientResponseDelegate, Sendable {
        typealias Response = Void

        /// The connection's bytes, chunk by chunk.
        let chunks: AsyncThrowingStream<Data, any Error>

        private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        private let url: URL
        private let idleTimeout: Duration
        // Touched on the event loop, the watchdog's queue and the consumer's task.
        private let state = Mutex(State())
        private let watchdog = DispatchQueue(label: "fontd.client.events.watchdog")

        private struct State {
            var task: HTTPClient.Task<Void>?
            var status = 0
            var contentType = ""
            var errorBody = Data()
            var lastActivity = ContinuousClock.now
            var finished = false
        }

        /// Opens the stream.
        init(request: TransportRequest, idleTimeout: Duration) {
            (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            url = request.url
            self.idleTimeout = idleTimeout
            continuation.onTermination = { [weak self] _ in self?.cancel() }
            do {
                let task = try Transport.execute(request, delegate: self)
                state.withLock { $0.task = task }
            } catch {
                finish(
                    throwing: FontdClientError.unreachable(url: url.absoluteString, reason: Transport.reason(error, timeout: idleTimeout)))
            }
            armWatchdog()
        }

        /// Closes the connection; the chunks stream ends.
        func cancel() {
            let task = state.withLock { state -> HTTPClient.Task<Void>? in
                defer { state.finished = true }
                return state.finished ? nil : state.task
            }
            continuation.finish()
            task?.cancel()
        }

        func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            let contentType = head.headers.first(name: "Content-Type") ?? ""
            state.withLock {
                $0.status = Int(head.status.code)
                $0.contentType = contentType
                $0.lastActivity = .now
            }
            if head.status == .ok, !contentType.lowercased().hasPrefix("text/event-stream") {
                // Something other than fontd's event stream (a page, a proxy's answer): never events.
                finish(
                    throwing: FontdClientError.invalidResponse(
                        url: url.absoluteString, reason: "the answer is '\(contentType)', not an event stream (text/event-stream)"))
                task.cancel()
            }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            let bytes = Data(buffer.readableBytesView)
            let status = state.withLock { state in
                state.lastActivity = .now
                // An error document is small; keep no more of a foreign answer than fits in a message.
                if state.status != 200, state.errorBody.count < 64 << 10 { state.errorBody.append(bytes) }
                return state.status
            }
            if status == 200 { continuation.yield(bytes) }
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didFinishRequest(task: HTTPClient.Task<Void>) throws {
            let (status, body) = state.withLock { ($0.status, $0.errorBody) }
            if status == 200 {
                finish(throwing: nil)
            } else {
                finish(throwing: FontdClient.errorAnswer(status: status, body: body, url: url))
            }
        }

        func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
            finish(throwing: FontdClientError.unreachable(url: url.absoluteString, reason: Transport.reason(error, timeout: idleTimeout)))
        }

        /// Ends the chunks stream once, with `error` or normally; later calls change nothing.
        private func finish(throwing error: (any Error)?) {
            let first = state.withLock { state -> Bool in
                defer { state.finished = true }
                return !state.finished
            }
            guard first else { return }
            if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        }

        /// Checks for silence every third of the idle timeout; a silent stream is closed with an error.
        private func armWatchdog() {
            watchdog.asyncAfter(deadline: .now() + (idleTimeout / 3).seconds) { [weak self] in
                guard let self else { return }
                let (silent, done, task) = state.withLock { (ContinuousClock.now - $0.lastActivity > idleTimeout, $0.finished, $0.task) }
                guard !done else { return }
                guard silent else { return armWatchdog() }
                finish(
                    throwing: FontdClientError.unreachable(
                        url: url.absoluteString, reason: "the stream carried nothing for \(idleTimeout.secondsText) s"))
                task?.cancel()
            }
        }
    }
#endif
