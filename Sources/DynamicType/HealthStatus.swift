/// The body of `GET /healthz`: `{"status": "ok"}` while the service answers.
public struct HealthStatus: Hashable, Sendable, Codable {
    public var status: String

    public init(status: String = "ok") { self.status = status }
}
