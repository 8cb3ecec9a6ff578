/// A bounded map that evicts the least recently used entry: arbitrary requests
/// (any `family=`) cannot grow memory without limit.
///
/// The resolver's cache and the service's answer caches are all this one; `@inlinable` so those
/// modules get it specialized, as a hit is on the request hot path.
///
/// Not thread-safe; the owner serializes access. Entries live in one array linked by
/// index, so a hit moves no memory and a full cache reuses the evicted slot.
public struct LRUCache<Key: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var newer: Int?
        @usableFromInline var older: Int?

        @inlinable init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The most entries kept; at least 1.
    public let capacity: Int
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var newest: Int?
    @usableFromInline var oldest: Int?

    /// An empty cache that keeps at most `capacity` entries (at least 1).
    @inlinable public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many entries the cache holds; never more than `capacity`.
    @inlinable public var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    @inlinable public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return entries[slot].value
    }

    /// Stores `value` as the most recently used, evicting the oldest entry when full.
    @inlinable public mutating func insert(_ value: Value, for key: Key) {
        if let slot = slots[key] {
            entries[slot].value = value
            moveToNewest(slot)
            return
        }
        let slot: Int
        if entries.count < capacity {
            slot = entries.count
            entries.append(Entry(key: key, value: value))
        } else if let evicted = oldest {
            unlink(evicted)
            slots[entries[evicted].key] = nil
            entries[evicted] = Entry(key: key, value: value)
            slot = evicted
        } else {
            return
        }
        slots[key] = slot
        linkAsNewest(slot)
    }

    @inlinable mutating func moveToNewest(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    @inlinable mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if let newer { entries[newer].older = older } else { newest = older }
        if let older { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = nil
        entries[slot].older = nil
    }

    @inlinable mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = nil
        if let newest { entries[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
