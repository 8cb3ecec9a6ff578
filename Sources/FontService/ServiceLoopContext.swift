/// What one event loop keeps for the service: the exact targets it has answered, so a repeated
/// request is answered without parsing, normalizing or taking the service's lock.
///
/// Only the loop's own thread touches it (`HTTPServer` makes one per loop), so it needs no lock.
public final class ServiceLoopContext {
    let targets: TargetCache

    init(capacity: Int, maximumBytes: Int) {
        targets = TargetCache(capacity: capacity, maximumBytes: maximumBytes)
    }
}
