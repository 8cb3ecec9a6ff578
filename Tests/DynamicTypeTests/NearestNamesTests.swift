import DynamicType
import Testing

/// The "did you mean" of `unknownFamily` (docs/DESIGN.md §33 (The reading font)).
@Suite struct NearestNamesTests {
    static let families = [
        "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "OpenDyslexic", "OpenDyslexicAlta", "OpenDyslexicMono",
        "Atkinson Hyperlegible", "Lexend", "Lexend Deca", "Inter",
    ]

    @Test func oneEditAwayComesFirst() {
        #expect(NearestNames.closest(to: "OpenDislexic", among: Self.families).first == "OpenDyslexic")
        #expect(NearestNames.closest(to: "Atkinson Hyperlegable", among: Self.families).first == "Atkinson Hyperlegible")
        #expect(NearestNames.closest(to: "Lexnd", among: Self.families).first == "Lexend")
    }

    @Test func aNameContainingTheAskedOneComesBeforeAnyOther() {
        #expect(NearestNames.closest(to: "lexend", among: Self.families, limit: 2) == ["Lexend", "Lexend Deca"])
        // Only DejaVu Sans Mono contains the asked name, without case and spaces.
        #expect(NearestNames.closest(to: "sans mono", among: Self.families, limit: 1) == ["DejaVu Sans Mono"])
    }

    @Test func atMostTheLimitAndEachOnce() {
        let doubled = Self.families + Self.families.map { $0.uppercased() }
        let closest = NearestNames.closest(to: "Dyslexic", among: doubled)
        #expect(closest.count == 5)
        #expect(Set(closest.map { $0.lowercased() }).count == 5)
        #expect(Array(closest.prefix(3)) == ["OpenDyslexic", "OpenDyslexicAlta", "OpenDyslexicMono"])
        #expect(NearestNames.closest(to: "x", among: ["a", "b"]) == ["a", "b"])
        #expect(NearestNames.closest(to: "x", among: []) == [])
    }

    @Test func tiesAreInAlphabeticalOrderWhateverTheInputOrder() {
        let forward = NearestNames.closest(to: "Zzz", among: Self.families)
        let backward = NearestNames.closest(to: "Zzz", among: Self.families.reversed())
        #expect(forward == backward)
    }

    @Test func caseAndWhiteSpaceCostNothing() {
        #expect(NearestNames.folded(" Open  Dyslexic ") == "opendyslexic")
        #expect(NearestNames.closest(to: "open dyslexic", among: Self.families, limit: 1) == ["OpenDyslexic"])
    }
}
