/// A bounded map that evicts the least recently used entry: arbitrary requests
/// (any `family=`) cannot grow memory without limit.
///
/// Bounded by entries, and optionally by cost (the bytes an answer holds, say): whichever bound
/// is passed first evicts. The resolver's cache and the service's answer caches are all this
/// one; `@inlinable` so those modules get it specialized, as a hit is on the request hot path.
///
/// Not thread-safe; the owner serializes access. Entries live in one array linked by
/// index, so a hit moves no memory and a full cache reuses the evicted slot.
public struct LRUCache<Key: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: Key
        /// nil once evicted by cost: the slot waits in `freeSlots`, holding nothing.
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        @usableFromInline var newer: Int?
        @usableFromInline var older: Int?

        @inlinable init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    /// The most entries kept; at least 1.
    public let capacity: Int
    /// The most total cost kept; a value costing more than this is not kept at all.
    public let maximumCost: Int
    /// The total cost of the entries held; never more than `maximumCost`.
    @inlinable public var totalCost: Int { heldCost }
    @usableFromInline var heldCost = 0
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var newest: Int?
    @usableFromInline var oldest: Int?

    /// An empty cache that keeps at most `capacity` entries (at least 1) costing at most
    /// `maximumCost` together.
    @inlinable public init(capacity: Int, maximumCost: Int = .max) {
        self.capacity = max(1, capacity)
        self.maximumCost = max(0, maximumCost)
    }

    /// How many entries the cache holds; never more than `capacity`.
    @inlinable public var count: Int { slots.count }

    /// Empties the cache, keeping its bounds.
    @inlinable public mutating func removeAll() {
        self = LRUCache(capacity: capacity, maximumCost: maximumCost)
    }

    /// The value for `key`, which becomes the most recently used.
    @inlinable public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return entries[slot].value
    }

    /// Stores `value` as the most recently used, evicting the oldest entries while the cache
    /// holds too many or costs too much. A value whose `cost` alone passes `maximumCost` is not
    /// stored (and any older value for `key` goes).
    @inlinable public mutating func insert(_ value: Value, for key: Key, cost: Int = 0) {
        if let slot = slots[key] { remove(slot) }
        guard cost <= maximumCost else { return }
        while heldCost + cost > maximumCost, let evicted = oldest { remove(evicted) }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            entries[slot] = Entry(key: key, value: value, cost: cost)
        } else if entries.count < capacity {
            slot = entries.count
            entries.append(Entry(key: key, value: value, cost: cost))
        } else if let evicted = oldest {
            remove(evicted)
            slot = freeSlots.removeLast()
            entries[slot] = Entry(key: key, value: value, cost: cost)
        } else {
            return
        }
        slots[key] = slot
        heldCost += cost
        linkAsNewest(slot)
    }

    /// Drops the entry in `slot`, leaving the slot free.
    @inlinable mutating func remove(_ slot: Int) {
        unlink(slot)
        slots[entries[slot].key] = nil
        heldCost -= entries[slot].cost
        entries[slot].value = nil
        entries[slot].cost = 0
        freeSlots.append(slot)
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
