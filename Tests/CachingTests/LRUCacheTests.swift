import Caching
import Testing

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsedWhenFull() {
        var cache = LRUCache<String, Int>(capacity: 3)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.value(for: "a") == 1)  // a is now the newest; b the oldest
        cache.insert(4, for: "d")
        #expect(cache.count == 3)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
        #expect(cache.value(for: "d") == 4)
    }

    @Test func replacingAValueKeepsOneEntry() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "a")
        #expect(cache.count == 1)
        #expect(cache.value(for: "a") == 2)
    }

    @Test func neverGrowsPastItsCapacity() {
        var cache = LRUCache<Int, Int>(capacity: 100)
        for key in 0..<10_000 {
            cache.insert(key, for: key)
            if key % 7 == 0 { _ = cache.value(for: key / 2) }
        }
        #expect(cache.count == 100)
        #expect(cache.value(for: 9_999) == 9_999)
        #expect(cache.value(for: 0) == nil)
    }

    @Test func capacityOfOneKeepsTheLatest() {
        var cache = LRUCache<Int, Int>(capacity: 1)
        cache.insert(1, for: 1)
        cache.insert(2, for: 2)
        #expect(cache.value(for: 1) == nil)
        #expect(cache.value(for: 2) == 2)
    }
}

@Suite struct LRUCacheCostTests {
    @Test func evictsTheOldestUntilTheCostFits() {
        var cache = LRUCache<String, Int>(capacity: 100, maximumCost: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        #expect(cache.value(for: "a") == 1)  // b is now the oldest
        cache.insert(3, for: "c", cost: 4)
        #expect(cache.totalCost == 8)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
    }

    @Test func aValueCostingMoreThanTheBoundIsNotKept() {
        var cache = LRUCache<String, Int>(capacity: 100, maximumCost: 10)
        cache.insert(1, for: "a", cost: 5)
        cache.insert(2, for: "a", cost: 11)
        #expect(cache.value(for: "a") == nil, "the older value is gone too")
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func replacingAValueReplacesItsCost() {
        var cache = LRUCache<String, Int>(capacity: 100, maximumCost: 10)
        cache.insert(1, for: "a", cost: 9)
        cache.insert(2, for: "a", cost: 3)
        cache.insert(3, for: "b", cost: 7)
        #expect(cache.totalCost == 10)
        #expect(cache.value(for: "a") == 2)
        #expect(cache.value(for: "b") == 3)
    }

    @Test func costAndCountBoundsHoldUnderChurn() {
        var cache = LRUCache<Int, [UInt8]>(capacity: 50, maximumCost: 1000)
        for key in 0..<5000 {
            let cost = (key * 37) % 120
            cache.insert(Array(repeating: 0, count: cost), for: key, cost: cost)
            #expect(cache.totalCost <= 1000)
            #expect(cache.count <= 50)
        }
        // The newest entry that fit is always there, and holds what was stored.
        #expect(cache.value(for: 4999)?.count == (4999 * 37) % 120)
    }
}
