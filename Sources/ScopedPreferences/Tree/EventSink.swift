/// Where a subscriber's events go (docs/DESIGN.md §11 (The event stream)): an event stream, as the service that
/// serves it implements it. This module frames the events; the sink only carries bytes.
public protocol EventSink: AnyObject, Sendable {
    /// Queues `bytes` for the subscriber without blocking — it is called while the scope tree is
    /// held, once per event — and says whether they were taken (false: the subscriber is gone).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool
}
