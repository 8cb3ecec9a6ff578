/// The service's own HTTP answers, asked in process (docs/DESIGN.md §27 (The session bus)): the bus changes
/// preferences through `PUT /preferences` and resolves through `GET /font`, so it follows their
/// rules and says their sentences, byte for byte. fontd provides it over `FontService`; this module
/// knows no HTTP.
public protocol ServiceGateway: Sendable {
    /// The answer to `method target` with `body`, asked as the server's operator (the bus has no
    /// token: any process of the session's user may call); `completion` runs once, on any thread.
    func answer(method: String, target: String, body: [UInt8], completion: @escaping @Sendable (ServiceAnswer) -> Void)
}

/// An HTTP answer's status and body.
public struct ServiceAnswer: Sendable, Hashable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
