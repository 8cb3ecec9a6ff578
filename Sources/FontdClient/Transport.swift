import Foundation

/// A request as the client's calls build it, whichever HTTP library carries it
/// (async-http-client on Linux, `URLSession` on Apple platforms).
struct TransportRequest: Sendable {
    var method: String
    var url: URL
    var headers: [(name: String, value: String)]
    var body: Data?

    init(_ method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A whole answer: its status and body.
struct TransportAnswer: Sendable {
    var status: Int
    var body: Data
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `10` or `0.5`, for messages.
    var secondsText: String { formatNumber(seconds) }
}
