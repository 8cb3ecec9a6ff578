#if !canImport(AsyncHTTPClient)
    import Dispatch
    import Foundation

    /// One `GET /events` connection: its bytes as they arrive, through a delegate-based
    /// `URLSession` (Apple platforms; Linux uses async-http-client).
    ///
    /// The chunks stream ends when the server closes the connection and throws when the
    /// connection fails, answers with an error, or carries nothing for `idleTimeout`.
    final class EventStreamConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        /// The connection's bytes, chunk by chunk.
        let chunks: AsyncThrowingStream<Data, any Error>

        private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
        private let url: URL
        private let idleTimeout: Duration
        // Touched on the session's delegate queue and the watchdog's queue: guarded by `lock`.
        private let lock = NSLock()
        private var session: URLSession?
        private var task: URLSessionDataTask?
        private var status = 0
        private var errorBody = Data()
        private var lastActivity = ContinuousClock.now
        private var finished = false
        private let watchdog = DispatchQueue(label: "fontd.client.events.watchdog")

        /// Opens the stream.
        init(request: TransportRequest, idleTimeout: Duration) {
            (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
            url = request.url
            self.idleTimeout = idleTimeout
            super.init()
            // The watchdog below judges silence; URLSession's own timeout (also reset by every
            // chunk) is a second later, and it must not cut a long stream short.
            let configuration = Transport.configuration(timeout: idleTimeout + .seconds(1))
            configuration.timeoutIntervalForResource = .greatestFiniteMagnitude
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            let task = session.dataTask(with: URLRequest(request))
            lock.withLock {
                self.session = session
                self.task = task
            }
            continuation.onTermination = { [weak self] _ in self?.cancel() }
            task.resume()
            armWatchdog()
        }

        /// Closes the connection; the chunks stream ends.
        func cancel() {
            let task = lock.withLock { finished ? nil : self.task }
            task?.cancel()
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let http = response as? HTTPURLResponse
            let status = http?.statusCode ?? 0
            let contentType = http?.value(forHTTPHeaderField: "Content-Type") ?? ""
            if status == 200, !contentType.lowercased().hasPrefix("text/event-stream") {
                // Something other than fontd's event stream (a page, a proxy's answer): never events.
                lock.withLock { finished = true }
                continuation.finish(
                    throwing: FontdClientError.invalidResponse(
                        url: url.absoluteString, reason: "the answer is '\(contentType)', not an event stream (text/event-stream)"))
                return completionHandler(.cancel)
            }
            lock.withLock {
                self.status = status
                lastActivity = .now
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let status = lock.withLock {
                lastActivity = .now
                if self.status != 200 { errorBody.append(data) }
                return self.status
            }
            if status == 200 { continuation.yield(data) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (status, body, alreadyFinished) = lock.withLock {
                defer {
                    finished = true
                    self.session = nil
                    self.task = nil
                }
                return (self.status, errorBody, finished)
            }
            session.finishTasksAndInvalidate()
            guard !alreadyFinished else { return }
            if let error {
                let nsError = error as NSError
                if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorCancelled {
                    continuation.finish()
                } else {
                    continuation.finish(
                        throwing: FontdClientError.unreachable(
                            url: url.absoluteString, reason: Transport.reason(error, timeout: idleTimeout)))
                }
            } else if status != 200 {
                continuation.finish(throwing: FontdClient.errorAnswer(status: status, body: body, url: url))
            } else {
                continuation.finish()
            }
        }

        /// Checks for silence every third of the idle timeout; a silent stream is closed with an error.
        private func armWatchdog() {
            let interval = idleTimeout / 3
            watchdog.asyncAfter(deadline: .now() + interval.seconds) { [weak self] in
                guard let self else { return }
                let (silent, done, task) = lock.withLock { (ContinuousClock.now - lastActivity > idleTimeout, finished, self.task) }
                guard !done else { return }
                if silent {
                    lock.withLock { finished = true }
                    continuation.finish(
                        throwing: FontdClientError.unreachable(
                            url: url.absoluteString, reason: "the stream carried nothing for \(idleTimeout.secondsText) s"))
                    task?.cancel()
                } else {
                    armWatchdog()
                }
            }
        }
    }
#endif
