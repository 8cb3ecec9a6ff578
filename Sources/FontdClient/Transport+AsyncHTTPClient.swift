#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix

    /// The HTTP client every `FontdClient` of the process shares (async-http-client, on Linux).
    ///
    /// Foundation's `URLSession` on Linux keeps re-arming a streaming socket for writing, so an
    /// idle `/events` subscriber spun a whole core; it also links libcurl's ~30 libraries.
    struct Transport: Sendable {
        /// One client for the whole process, never shut down: an `HTTPClient` deinitialized
        /// without `shutdown()` traps in debug builds, and a `static let` is never deinitialized.
        /// Not `HTTPClient.shared`: that one follows redirects and gives up on a read after 90 s,
        /// which would cut an event stream that is rightly quiet.
        private static let client: HTTPClient = {
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                // No read timeout: each call bounds its own wait, and a stream its own silence.
                timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10), read: nil),
                decompression: .disabled)
            // A refused connection is reported at once ("is fontd serve running?"), not retried
            // until the call's time is up; the event stream reconnects with its own backoff.
            configuration.connectionPool.retryConnectionEstablishment = false
            return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        }()

        /// The largest answer a call reads; fontd's largest (`/faces` on a big font set) is far smaller.
        static let maximumAnswerBytes = 64 << 20

        /// Nothing to set up per client: every client of the process shares `client`, and each call
        /// is given its timeout.
        init(timeout: Duration) {}

        /// Sends `request` and reads the whole answer within `timeout`; transport failures become
        /// `.unreachable`.
        ///
        /// Through the delegate API, whose deadline bounds the whole exchange (the async
        /// `execute(_:timeout:)` bounds only the answer's head) and whose work runs on the event
        /// loop, so a busy Swift concurrency pool delays only the caller's resumption.
        func data(for request: TransportRequest, timeout: Duration) async throws(FontdClientError) -> TransportAnswer {
            let url = request.url.absoluteString
            do {
                let clientRequest = try Self.clientRequest(request)
                let task = Self.client.execute(
                    request: clientRequest, delegate: ResponseAccumulator(request: clientRequest, maxBodySize: Self.maximumAnswerBytes),
                    deadline: .now() + .nanoseconds(timeout.nanoseconds))
                let response = try await withTaskCancellationHandler {
                    try await task.get()
                } onCancel: {
                    task.cancel()
                }
                return TransportAnswer(status: Int(response.status.code), body: response.body.map { Data($0.readableBytesView) } ?? Data())
            } catch {
                throw .unreachable(url: url, reason: Self.reason(error, timeout: timeout))
            }
        }

        /// Starts `request`, handing the answer's parts to `delegate` on the event loop as they come.
        static func execute<Delegate: HTTPClientResponseDelegate>(_ request: TransportRequest, delegate: Delegate) throws
            -> HTTPClient.Task<Delegate.Response>
        {
            client.execute(request: try clientRequest(request), delegate: delegate)
        }

        static func clientRequest(_ request: TransportRequest) throws -> HTTPClient.Request {
            var headers = HTTPHeaders()
            for (name, value) in request.headers { headers.add(name: name, value: value) }
            return try HTTPClient.Request(
                url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers,
                body: request.body.map { .byteBuffer(ByteBuffer(bytes: $0)) })
        }

        /// What went wrong on the way, in words: `connection refused`, `unknown host`, ….
        static func reason(_ error: any Error, timeout: Duration) -> String {
            if error is CancellationError { return "the call was cancelled" }
            if error is ResponseAccumulator.ResponseTooBigError { return "the answer is larger than \(maximumAnswerBytes >> 20) MiB" }
            if let error = error as? HTTPClientError {
                switch error {
                case .deadlineExceeded, .readTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                    return "no answer within \(timeout.secondsText) s"
                case .remoteConnectionClosed: return "the connection broke before the answer was complete"
                case .cancelled: return "the call was cancelled"
                case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
                    return "the networking library (async-http-client) cannot use this URL"
                // Never `\(error)`: its description holds the associated values, such as the request's
                // header fields (the token among them) when one is refused.
                case _ where error.shortDescription == HTTPClientError.invalidHeaderFieldValues([]).shortDescription:
                    return "a header field, the token say, has a control character, which HTTP does not allow"
                default: return "async-http-client: \(error.shortDescription.lowercased())"
                }
            }
            if let error = error as? NIOConnectionError {
                if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty { return "unknown host" }
                if let first = error.connectionErrors.first { return reason(first.error, timeout: timeout) }
            }
            if let error = error as? IOError {
                switch error.errnoCode {
                case ECONNREFUSED: return "connection refused (is fontd serve running there?)"
                case ECONNRESET, EPIPE: return "the connection broke before the answer was complete"
                case ENETUNREACH, EHOSTUNREACH: return "no network route to the host"
                default: return String(cString: strerror(error.errnoCode))
                }
            }
            if error is SocketAddressError { return "unknown host" }
            return "\(error)"
        }
    }

    extension Duration {
        /// The duration in whole nanoseconds, as NIO's `TimeAmount` counts.
        var nanoseconds: Int64 {
            let (seconds, attoseconds) = components
            return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        }
    }
#endif
