/// The body of `GET /healthz`: `{"status": "ok"}` while the service answers, and
/// `{"status": "degraded", "reason": …}` while it answers but cannot reach its store (docs/DESIGN.md §24).
public struct HealthStatus: Hashable, Sendable, Codable {
    public var status: String
    /// Why the service is degraded; nil when it is not.
    public var reason: String?

    public init(status: String = "ok", reason: String? = nil) {
        self.status = status
        self.reason = reason
    }
}
