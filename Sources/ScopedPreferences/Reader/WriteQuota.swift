import Synchronization

/// How many changes each reader may make (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Quotas"): a token bucket per
/// reader — a scope path's first segment, the root counting as a reader of its own — holding
/// up to `perSecond` changes and refilled at `perSecond` a second, so a burst of that many
/// passes and a flood is held to the rate.
///
/// Any thread calls `admit` concurrently (the HTTP event loops, the bus); one lock guards the buckets.
public final class WriteQuota: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// The rate, and the burst, of changes.
    public let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    /// How many readers' buckets are kept before the full ones (which hold nothing a reader
    /// could lose) are forgotten.
    static let keptBuckets = 4096

    public init(perSecond: Double) { self.perSecond = perSecond }

    /// Takes one change from `reader`'s allowance; nil when it is allowed, else the whole seconds
    /// until it would be (at least 1, for `Retry-After`).
    public func admit(_ reader: String, now: ContinuousClock.Instant = .now) -> Int? {
        let capacity = max(1, perSecond)
        return buckets.withLock { buckets in
            var bucket = buckets[reader] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            bucket.tokens = min(
                capacity, bucket.tokens + perSecond * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18))
            bucket.updated = now
            defer {
                buckets[reader] = bucket
                if buckets.count > Self.keptBuckets { buckets = buckets.filter { $0.value.tokens < capacity - 1 } }
            }
            guard bucket.tokens >= 1 else {
                let seconds = (1 - bucket.tokens) / perSecond
                return max(1, Int(seconds.rounded(.up)))
            }
            bucket.tokens -= 1
            return nil
        }
    }
}
