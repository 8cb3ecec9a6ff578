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

    // MARK: Did you mean (docs/DESIGN.md §8 (Errors) Errors)

    @Test(arguments: [
        ("bdoy", ["largeTitle", "headline", "body", "callout", "footnote"], "body"),
        ("xxxxl", ContentSizeCategory.allCases.map(\.rawValue), "xxxl"),
        ("blod", ["regular", "bold"], "bold"),
        ("quer", ["query", "styles", "categories", "list", "serve", "category"], "query"),
        ("materail3", ["default", "material3"], "material3"),
        ("BODY", ["body", "headline"], "body"),
    ])
    func aNearNameIsSuggested(asked: String, known: [String], meant: String) {
        #expect(NearestNames.suggestion(for: asked, among: known) == meant)
    }

    @Test(arguments: [
        ("yes", ["off", "auto", "on"], "on"), ("TRUE", ["off", "auto", "on"], "on"), ("1", ["off", "auto", "on"], "on"),
        ("enabled", ["off", "on"], "on"), ("enable", ["off", "on"], "on"), ("no", ["off", "auto", "on"], "off"),
        ("false", ["off", "on"], "off"), ("0", ["off", "on"], "off"), ("disabled", ["off", "on"], "off"), ("on", ["yes", "no"], "yes"),
        ("off", ["yes", "no"], "no"),
    ])
    func aWordForASwitchOffersTheSwitchsWord(asked: String, known: [String], meant: String) {
        #expect(NearestNames.suggestion(for: asked, among: known) == meant)
    }

    @Test func aWordForASwitchOffersNothingWhereNoValueIsOne() {
        #expect(NearestNames.suggestion(for: "yes", among: ["gnome", "kde", "x11"]) == nil)
        #expect(NearestNames.suggestion(for: "maybe", among: ["off", "auto", "on"]) == nil)
    }

    @Test func aNameNearNothingSuggestsNothing() {
        let categories = ContentSizeCategory.allCases.flatMap { [$0.rawValue, $0.appleName] }
        #expect(NearestNames.suggestion(for: "huge", among: categories) == nil)
        #expect(NearestNames.suggestion(for: "zzzzzzzz", among: ["body", "headline"]) == nil)
        #expect(NearestNames.suggestion(for: "", among: ["body"]) == nil)
        #expect(NearestNames.suggestion(for: "body", among: []) == nil)
    }

    @Test func everyRefusedNameOffersTheOneMeant() {
        let refusals: [(DynamicTypeError, String)] = [
            (.unknownStyle("bdoy", known: ["body", "headline"]), "body"),
            (.unknownCategory("xxxxl", allowed: ContentSizeCategory.allCases.map(\.rawValue)), "xxxl"),
            (.unknownCategory("extraLarg", allowed: ContentSizeCategory.allCases.map(\.rawValue)), "extraLarge"),
            (.unknownLegibilityWeight("blod", allowed: ["regular", "bold"]), "bold"),
            (.unknownTextSpacing("wcga", allowed: ["default", "wcag"]), "wcag"),
            (.unknownTrait("itlaic", allowed: ["bold", "italic"]), "italic"),
            (.invalidNumber(parameter: "weight", value: "blod", range: 1...1000, names: FontWeight.names.map(\.name)), "bold"),
        ]
        for (error, meant) in refusals {
            #expect(error.suggestion == meant, "\(error)")
            #expect(error.description.hasSuffix(" Did you mean '\(meant)'?"), "\(error.description)")
        }
        // A number out of range is not a misspelt name.
        let number = DynamicTypeError.invalidNumber(
            parameter: "weight", value: "1200", range: 1...1000, names: FontWeight.names.map(\.name))
        #expect(number.suggestion == nil)
        #expect(!number.description.contains("Did you mean"))
        // A family's error lists its nearest already, once.
        let family = DynamicTypeError.unknownFamily("Lexnd", allowed: ["Lexend", "Lexend Deca"])
        #expect(family.suggestion == "Lexend")
        #expect(family.description.components(separatedBy: "did you mean").count == 2)
        #expect(!family.description.contains("Did you mean"))
    }
}
