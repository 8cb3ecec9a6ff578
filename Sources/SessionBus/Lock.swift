import Synchronization

/// A mutex guarding nothing but a critical section, for classes whose state is a plain stored property.
final class Lock: Sendable {
    private let mutex = Mutex<Void>(())

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}
