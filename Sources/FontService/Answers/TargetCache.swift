import Caching
import ScopedPreferences

/// One event loop's map from exact request targets to answers, so a repeated request is
/// answered without parsing, normalizing or taking the service's lock.
///
/// Each loop has its own (in its `ServiceLoopContext`), so a hit touches no shared mutable
/// state and loop threads never wait for one another on the hot path. An entry that
/// followed the reader's preferences records which, and is passed over once they change.
final class TargetCache {
    /// An answer and the root's preferences it followed, packed (`ScopeHub.packedCurrent`; nil: it follows none).
    struct Entry {
        var answer: CachedAnswer
        var preferences: UInt64?
        /// The service's font epoch the answer was computed in.
        var fontEpoch: Int
    }

    /// The most targets a loop keeps: the hot targets of a server are few, and the
    /// bound keeps loops × capacity answers small even under a flood of `family=` values.
    static let maximumCapacity = 1024

    private var entries: LRUCache<String, Entry>

    /// - Parameters:
    ///   - capacity: how many targets to remember, at most `maximumCapacity`.
    ///   - maximumBytes: how many bytes of answers to hold: the loop's entries can outlive the
    ///     shared cache's, so they are bounded the same way.
    init(capacity: Int, maximumBytes: Int = .max) {
        entries = LRUCache(capacity: min(capacity, Self.maximumCapacity), maximumCost: maximumBytes)
    }

    /// How many targets this loop remembers.
    var count: Int { entries.count }

    /// The answer remembered for `target`, unless it followed preferences other than `current` (packed:
    /// compared without building them) or was computed before the fonts last changed (then every entry is dropped).
    func answer(for target: String, current: UInt64, fontEpoch: Int) -> CachedAnswer? {
        guard let entry = entries.value(for: target) else { return nil }
        if entry.fontEpoch != fontEpoch {
            entries.removeAll()
            return nil
        }
        if let followed = entry.preferences, followed != current { return nil }
        return entry.answer
    }

    /// Remembers `answer` for `target`, computed under `preferences` (packed) if it follows them, in `fontEpoch`.
    func remember(_ answer: CachedAnswer, for target: String, preferences: UInt64?, fontEpoch: Int) {
        entries.insert(Entry(answer: answer, preferences: preferences, fontEpoch: fontEpoch), for: target, cost: answer.byteCount)
    }
}
