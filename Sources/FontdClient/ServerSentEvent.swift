/// One event of a `text/event-stream`, as the WHATWG HTML standard's parsing rules
/// (§9.2.6, "Interpreting an event stream") dispatch it.
struct ServerSentEvent: Hashable, Sendable {
    /// The `id:` in force when the event was dispatched (the last one seen), if any.
    var id: String?
    /// The `event:` field; `message` when none was given.
    var name: String
    /// The `data:` lines joined with line feeds.
    var data: String
}
