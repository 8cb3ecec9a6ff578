#if !canImport(AsyncHTTPClient)
    import Foundation

    /// The URL session a client's calls share, invalidated when the last copy of the client goes
    /// (Apple platforms; Linux uses async-http-client, see Transport+AsyncHTTPClient.swift).
    final class Transport: Sendable {
        let session: URLSession

        init(timeout: Duration) {
            session = URLSession(configuration: Self.configuration(timeout: timeout))
        }

        deinit { session.finishTasksAndInvalidate() }

        /// No cache, no cookies: every call asks the server, whose answers follow the reader's
        /// preferences (a cached answer could be one preference change old).
        static func configuration(timeout: Duration) -> URLSessionConfiguration {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpShouldSetCookies = false
            // swift-corelibs-foundation counts this in whole seconds, and a value under one second
            // becomes zero, which fails a request at once: round up.
            configuration.timeoutIntervalForRequest = max(1, timeout.seconds.rounded(.up))
            return configuration
        }

        /// Sends `request` and waits for the whole answer; transport failures become `.unreachable`.
        func data(for request: TransportRequest, timeout: Duration) async throws(FontdClientError) -> TransportAnswer {
            let url = request.url.absoluteString
            let result: (Data, URLResponse)
            do {
                result = try await session.data(for: URLRequest(request))
            } catch {
                throw .unreachable(url: url, reason: Self.reason(error, timeout: timeout))
            }
            guard let response = result.1 as? HTTPURLResponse else {
                throw .invalidResponse(url: url, reason: "the answer is not HTTP")
            }
            return TransportAnswer(status: response.statusCode, body: result.0)
        }

        /// What went wrong on the way, in words: `connection refused`, `unknown host`, ….
        static func reason(_ error: any Error, timeout: Duration) -> String {
            if error is CancellationError { return "the call was cancelled" }
            let error = error as NSError
            guard error.domain == NSURLErrorDomain else { return error.localizedDescription }
            switch error.code {
            case NSURLErrorCannotConnectToHost: return "connection refused (is fontd serve running there?)"
            case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return "unknown host"
            case NSURLErrorTimedOut: return "no answer within \(timeout.secondsText) s"
            case NSURLErrorNetworkConnectionLost: return "the connection broke before the answer was complete"
            case NSURLErrorNotConnectedToInternet: return "no network"
            case NSURLErrorCancelled: return "the call was cancelled"
            case NSURLErrorUnsupportedURL, NSURLErrorBadURL: return "the networking library (URLSession) cannot use this URL"
            case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted, NSURLErrorServerCertificateHasBadDate,
                NSURLErrorServerCertificateNotYetValid, NSURLErrorServerCertificateHasUnknownRoot:
                return "the TLS connection failed (\(error.localizedDescription))"
            default: return error.localizedDescription
            }
        }
    }

    extension URLRequest {
        /// The same request, for `URLSession`.
        init(_ request: TransportRequest) {
            self.init(url: request.url)
            httpMethod = request.method
            httpBody = request.body
            for (name, value) in request.headers { setValue(value, forHTTPHeaderField: name) }
        }
    }
#endif
