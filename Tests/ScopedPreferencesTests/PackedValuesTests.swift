import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Testing

/// The root's preferences packed in one integer (docs/DESIGN.md §10 (Reader preferences)): the layout is derived
/// from the declarations, every combination of the finite preferences survives a round trip, and
/// the bits they take leave room in the hub's atomic for the free-text values' id.
@Suite struct PackedValuesTests {
    /// Each finite preference's raw values, read from its declaration as a reader's text is (`none` → empty).
    static let rawValues: [(preference: ReaderPreference, values: [String])] = ReaderPreference.allCases.compactMap { preference in
        let declaration = preference.declaration
        guard !declaration.allowedValues.isEmpty else { return nil }
        return (preference, declaration.allowedValues.map { (try? declaration.parse($0)) ?? $0 })
    }

    /// Every combination of the finite preferences' values, the others at their initial values.
    static func combinations() -> [PerPreference<String>] {
        rawValues.reduce([PerPreference<String>.initial]) { partial, field in
            partial.flatMap { values in
                field.values.map { value in
                    var next = values
                    next[field.preference] = value
                    return next
                }
            }
        }
    }

    @Test func everyCombinationOfTheFiniteValuesRoundTrips() {
        let combinations = Self.combinations()
        #expect(combinations.count == Self.rawValues.map(\.values.count).reduce(1, *))
        var seen = Set<UInt64>()
        for values in combinations {
            let packed = PackedValues.pack(values)
            #expect(packed >> UInt64(PackedValues.bitCount) == 0)
            seen.insert(packed)
            // The free-text preferences are not in the integer: what the target held stays.
            var unpacked = PerPreference<String>.initial.with(\.readingFont, ReadingFont(rawValue: "OpenDyslexic"))
            PackedValues.unpack(packed, into: &unpacked)
            #expect(unpacked == values.with(\.readingFont, ReadingFont(rawValue: "OpenDyslexic")))
        }
        #expect(seen.count == combinations.count)
    }

    @Test func theBitsComeFromTheDeclarationsAndLeaveRoomForTheFreeTextID() {
        let needed = Self.rawValues.map { Int.bitWidth - ($0.values.count - 1).leadingZeroBitCount }.reduce(0, +)
        #expect(PackedValues.bitCount == needed)
        #expect(PackedValues.preferences == Self.rawValues.map(\.preference))
        #expect(!PackedValues.preferences.contains(.readingFont))
        // At least 32 bits of the atomic's 64 are left for the ids of the root's free-text values.
        #expect(PackedValues.bitCount <= UInt64.bitWidth - 32)
    }

    @Test(arguments: PackedValuesTests.rawValues.map(\.preference))
    func aValueTheDeclarationDoesNotTakePacksAsTheInitialOne(preference: ReaderPreference) {
        var values = PerPreference<String>.initial
        for other in PackedValues.preferences where other != preference {
            values[other] = Self.rawValues.first { $0.preference == other }?.values.last ?? ""
        }
        let unknown = values.with(\.[preference], "not-a-value")
        var unpacked = PerPreference<String>.initial
        PackedValues.unpack(PackedValues.pack(unknown), into: &unpacked)
        #expect(unpacked == values.with(\.[preference], preference.declaration.initialValue))
        #expect(unpacked[preference] != unknown[preference])
    }

    @Test func theHubsPackedRootStandsForTheRootsPreferencesReadingFontIncluded() throws {
        let hub = try ScopeHub(storage: nil, keepAliveSeconds: 3600, logger: Logger(label: "PackedValuesTests"))
        let initial = hub.packedCurrent
        #expect(hub.preferences(packed: initial) == .initial)

        func change(_ values: [ReaderPreference: ScopeTree.Setting]) {
            var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
            for (preference, value) in values { update[preference] = value }
            let done = DispatchSemaphore(value: 0)
            hub.change(.root, update) { _ in done.signal() }
            #expect(done.wait(timeout: .now() + 120) == .success)  // generous: it fails only if the change never completes
        }
        change([.category: .set("ax2"), .readingFont: .set("OpenDyslexic"), .maximumCategory: .set("xxxl")])
        let chosen = hub.packedCurrent
        #expect(chosen != initial)
        #expect(hub.preferences(packed: chosen) == hub.preferences(of: .root))
        #expect(hub.preferences(packed: chosen).readingFont == ReadingFont(rawValue: "OpenDyslexic"))
        #expect(hub.preferences(packed: chosen).category == .accessibilityLarge)
        #expect(hub.preferences(packed: chosen).maximumCategory == CategoryBound(category: .extraExtraExtraLarge))

        // Back to where it started: the same integer; again to the chosen ones: the same as before.
        change([.category: .clear, .readingFont: .clear, .maximumCategory: .clear])
        #expect(hub.packedCurrent == initial)
        change([.category: .set("ax2"), .readingFont: .set("OpenDyslexic"), .maximumCategory: .set("xxxl")])
        #expect(hub.packedCurrent == chosen)
    }
}
