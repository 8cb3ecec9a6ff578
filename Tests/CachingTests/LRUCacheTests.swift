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
