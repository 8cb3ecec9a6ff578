/// An array that is appended at the back and emptied from the front in O(1) amortized: the
/// store's history window and each scope's kept entries.
struct FIFOBuffer<Element> {
    private var storage: [Element] = []
    private var start = 0

    var count: Int { storage.count - start }
    var isEmpty: Bool { count == 0 }
    var first: Element? { isEmpty ? nil : storage[start] }
    var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    /// The elements, oldest first.
    var elements: ArraySlice<Element> { storage[start...] }

    mutating func append(_ element: Element) { storage.append(element) }

    @discardableResult
    mutating func removeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[start]
        start += 1
        if start == storage.count {
            storage.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096, start * 2 >= storage.count {
            storage.removeFirst(start)
            start = 0
        }
        return element
    }
}
