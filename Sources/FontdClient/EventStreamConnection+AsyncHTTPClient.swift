#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore
import Synchronization

/// One `GET /events` connection: its bytes as they arrive, read through async-http-client's
/// response body, which waits in the event loop's `epoll_wait` while the stream is quiet.
///
/// The chunks stream ends when the server closes the connection and throws when the
/// connection fails, answers with an error, or carries nothing for `idleTimeout`.
final class EventStreamConnection: Sendable {
    /// The connection's bytes, chunk by chunk.
    let chunks: AsyncThrowingStream<Data, any Error>

    private let task: Task<Void, Never>

    /// Opens the stream.
    init(request: TransportRequest, idleTimeout: Duration) {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        self.chunks = chunks
        task = Task {
            // Read on one task, watch for silence on another; whichever ends first ends both.
            let lastActivity = LastActivity()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        try await Self.read(request, idleTimeout: idleTimeout, lastActivity: lastActivity, into: continuation)
                        continuation.finish()
                    } catch let error as FontdClientError {
                        continuation.finish(throwing: error)
                    } catch {
                        // A cancelled read ends the stream quietly: it was closed on purpose.
                        if Task.isCancelled { return continuation.finish() }
                        continuation.finish(throwing: FontdClientError.unreachable(
                            url: request.url.absoluteString, reason: Transport.reason(error, timeout: idleTimeout)))
                    }
                }
                group.addTask {
                    // Checks a third of the timeout apart: a stream silent for `idleTimeout` is
                    // noticed within 4/3 of it, and a quiet stream costs three wake-ups per timeout.
                    while (try? await Task.sleep(for: idleTimeout / 3)) != nil {
                        guard ContinuousClock.now - lastActivity.instant > idleTimeout else { continue }
                        continuation.finish(throwing: FontdClientError.unreachable(
                            url: request.url.absoluteString, reason: "the stream carried nothing for \(idleTimeout.secondsText) s"))
                        return
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        continuation.onTermination = { [task] _ in task.cancel() }
    }

    /// Closes the connection; the chunks stream ends.
    func cancel() { task.cancel() }

    /// Sends the request and forwards the body's bytes until the server closes the stream.
    private static func read(
        _ request: TransportRequest, idleTimeout: Duration, lastActivity: LastActivity,
        into continuation: AsyncThrowingStream<Data, any Error>.Continuation
    ) async throws {
        let response = try await Transport.open(request, headTimeout: idleTimeout)
        lastActivity.touch()
        let status = Int(response.status.code)
        guard status == 200 else {
            let body = try await response.body.collect(upTo: Transport.maximumAnswerBytes)
            throw FontdClient.errorAnswer(status: status, body: Data(body.readableBytesView), url: request.url)
        }
        let contentType = response.headers.first(name: "Content-Type") ?? ""
        guard contentType.lowercased().hasPrefix("text/event-stream") else {
            // Something other than fontd's event stream (a page, a proxy's answer): never events.
            throw FontdClientError.invalidResponse(
                url: request.url.absoluteString, reason: "the answer is '\(contentType)', not an event stream (text/event-stream)")
        }
        for try await buffer in response.body {
            lastActivity.touch()
            continuation.yield(Data(buffer.readableBytesView))
        }
    }
}

/// When the stream last carried a byte; written by the reading task, read by the watchdog.
private final class LastActivity: Sendable {
    private let moment = Mutex(ContinuousClock.now)

    var instant: ContinuousClock.Instant { moment.withLock { $0 } }

    func touch() { moment.withLock { $0 = .now } }
}
#endif
