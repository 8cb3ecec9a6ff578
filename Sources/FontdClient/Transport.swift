import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URL session a client's calls share, invalidated when the last copy of the client goes.
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
    func data(for request: URLRequest, timeout: Duration) async throws(FontdClientError) -> (Data, HTTPURLResponse) {
        let url = request.url?.absoluteString ?? "?"
        let result: (Data, URLResponse)
        do {
            result = try await session.data(for: request)
        } catch {
            throw .unreachable(url: url, reason: Self.reason(error, timeout: timeout))
        }
        guard let response = result.1 as? HTTPURLResponse else {
            throw .invalidResponse(url: url, reason: "the answer is not HTTP")
        }
        return (result.0, response)
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

extension Duration {
    /// The duration in seconds, as URLSession's intervals count.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `10` or `0.5`, for messages.
    var secondsText: String { formatNumber(seconds) }
}
