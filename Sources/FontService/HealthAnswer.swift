/// The body of `GET /healthz`: `{"status": "ok"}` while the service answers.
struct HealthAnswer: Encodable, Sendable {
    var status = "ok"
}
