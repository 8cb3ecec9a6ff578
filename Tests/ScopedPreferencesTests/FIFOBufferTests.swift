import Testing

@testable import ScopedPreferences

/// The store's history buffers (docs/DESIGN.md §23 (Reader scopes and scoped tokens), "Quotas"): what is taken from the front is let go.
@Suite struct FIFOBufferTests {
    @Test func aBufferAppendedAsFastAsItIsEmptiedKeepsOnlyAboutTwiceWhatItHolds() {
        var buffer = FIFOBuffer<Int>()
        for value in 0..<40 { buffer.append(value) }
        for value in 40..<100_000 {
            buffer.append(value)
            #expect(buffer.removeFirst() == value - 40)
        }
        #expect(buffer.count == 40)
        #expect(buffer.storedCount <= 100, "stored \(buffer.storedCount)")
        #expect(Array(buffer.elements) == Array(99_960..<100_000))
    }
}
