import DynamicType
import Foundation
import Testing

@Suite struct FontDescriptorTests {
    let descriptor = FontDescriptor(
        families: ["Inter", "sans-serif"], size: 17, weight: .semibold, width: .condensed, slant: .italic,
        spacing: .proportional, traits: [.bold, .italic], variations: ["wght": 600, "opsz": 17])

    @Test func equalToItselfAfterAJSONRoundTrip() throws {
        for value in [descriptor, FontDescriptor(families: ["serif"], size: 12.5)] {
            let data = try OrderedJSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(FontDescriptor.self, from: data) == value)
        }
    }

    @Test func composes() {
        #expect(descriptor.with(size: 30).size == 30)
        #expect(descriptor.with(traits: .monospace).traits == [.bold, .italic, .monospace])
        #expect(descriptor.with(family: "sans-serif").families == ["sans-serif", "Inter"])
        let merged = descriptor.merging(FontDescriptor(families: [], size: 20, weight: .bold, variations: ["wght": 700]))
        #expect(merged.families == ["Inter", "sans-serif"])
        #expect(merged.size == 20)
        #expect(merged.weight == .bold)
        #expect(merged.slant == .italic)
        #expect(merged.variations == ["wght": 700, "opsz": 17])
    }

    @Test func usableAsADictionaryKey() {
        let cache = [descriptor: 1]
        #expect(cache[descriptor.with(size: 17)] == 1)
        #expect(cache[descriptor.with(size: 18)] == nil)
    }
}
