/// A bounded map that evicts the least recently used entry: arbitrary queries
/// (any `family=`) cannot grow memory without limit.
///
/// A copy of FontResolution's internal `LRUCache` (which that module keeps internal).
///
/// Not thread-safe; the owner serializes access. Entries live in one array linked by
/// index, so a hit moves no memory and a full cache reuses the evicted slot.
struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    /// The most entries kept; at least 1.
    let capacity: Int
    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return entries[slot].value
    }

    /// Stores `value` as the most recently used, evicting the oldest entry when full.
    mutating func insert(_ value: Value, for key: Key) {
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

    private mutating func moveToNewest(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if let newer { entries[newer].older = older } else { newest = older }
        if let older { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = nil
        entries[slot].older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = nil
        if let newest { entries[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
