import Caching

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's map from exact request targets to answers, so a repeated request is
/// answered without parsing, normalizing or taking the service's lock.
///
/// Each thread has its own (thread-local storage), so a hit touches no shared mutable
/// state and loop threads never wait for one another on the hot path. An entry that
/// followed the reader's preferences records which, and is passed over once they change.
final class TargetCache {
    /// An answer and the preferences it followed (nil: it follows none).
    struct Entry {
        var answer: CachedAnswer
        var preferences: ReaderPreferences?
    }

    /// The most targets a thread keeps: the hot targets of a server are few, and the
    /// bound keeps threads × capacity answers small even under a flood of `family=` values.
    static let maximumCapacity = 1024

    /// The service whose answers these are.
    let serviceID: UInt64
    private var entries: LRUCache<String, Entry>

    private init(serviceID: UInt64, capacity: Int) {
        self.serviceID = serviceID
        self.entries = LRUCache(capacity: min(capacity, Self.maximumCapacity))
    }

    /// How many targets this thread remembers.
    var count: Int { entries.count }

    /// The answer remembered for `target`, unless it followed preferences other than `current`.
    func answer(for target: String, current: ReaderPreferences) -> CachedAnswer? {
        guard let entry = entries.value(for: target) else { return nil }
        if let followed = entry.preferences, followed != current { return nil }
        return entry.answer
    }

    /// Remembers `answer` for `target`, computed under `preferences` if it follows them.
    func remember(_ answer: CachedAnswer, for target: String, preferences: ReaderPreferences?) {
        entries.insert(Entry(answer: answer, preferences: preferences), for: target)
    }

    /// The calling thread's cache for the service `serviceID`; a thread keeps one service's
    /// cache at a time (there is one service per process, except in tests).
    static func current(serviceID: UInt64, capacity: Int) -> TargetCache? {
        guard let key = threadKey else { return nil }
        let stored = pthread_getspecific(key).map { Unmanaged<TargetCache>.fromOpaque($0) }
        if let stored, stored.takeUnretainedValue().serviceID == serviceID { return stored.takeUnretainedValue() }
        let cache = Unmanaged.passRetained(TargetCache(serviceID: serviceID, capacity: capacity))
        guard pthread_setspecific(key, cache.toOpaque()) == 0 else {
            cache.release()
            return nil
        }
        stored?.release()
        return cache.takeUnretainedValue()
    }

    /// The thread-local slot; its destructor releases a thread's cache when the thread ends.
    private static let threadKey: pthread_key_t? = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<TargetCache>.fromOpaque(stored).release()
        }
        return created == 0 ? key : nil
    }()
}
