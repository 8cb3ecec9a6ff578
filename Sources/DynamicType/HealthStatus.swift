/// The body of `GET /healthz`: `{"status": "ok", "version": …}` while the service answers, and
/// `{"status": "degraded", "reason": …, "version": …}` while it answers but cannot reach its store
/// (docs/DESIGN.md §24 (Replicas on PostgreSQL), §29 (A desktop service)).
public struct HealthStatus: Hashable, Sendable, Codable {
    public var status: String
    /// Why the service is degraded; nil when it is not.
    public var reason: String?
    /// The server's `FontdVersion.current`; nil from a server older than the field.
    public var version: String?

    public init(status: String = "ok", reason: String? = nil, version: String? = FontdVersion.current) {
        self.status = status
        self.reason = reason
        self.version = version
    }
}
