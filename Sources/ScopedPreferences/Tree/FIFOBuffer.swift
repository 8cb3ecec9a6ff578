/// An array that is appended at the back and emptied from the front in O(1) amortized: the
/// store's history window and each scope's kept entries.
public struct FIFOBuffer<Element> {
    public init() {}

    private var storage: [Element] = []
    private var start = 0

    /// The fewest taken elements worth moving the rest for.
    public static var compactionThreshold: Int { 16 }

    /// How many elements the storage holds, taken ones included (for tests).
    public var storedCount: Int { storage.count }

    public var count: Int { storage.count - start }
    public var isEmpty: Bool { count == 0 }
    public var first: Element? { isEmpty ? nil : storage[start] }
    public var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    /// The elements, oldest first.
    public var elements: ArraySlice<Element> { storage[start...] }

    public mutating func append(_ element: Element) { storage.append(element) }

    @discardableResult
    public mutating func removeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[start]
        start += 1
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= Self.compactionThreshold, start * 2 >= storage.count {
            // Once half the storage is taken elements: a short buffer that is appended to as fast
            // as it is emptied (a scope's kept history) would otherwise keep every element it ever
            // held until it happened to run empty.
            storage.removeFirst(start)
            start = 0
        }
        return element
    }
}

extension FIFOBuffer: Sendable where Element: Sendable {}
