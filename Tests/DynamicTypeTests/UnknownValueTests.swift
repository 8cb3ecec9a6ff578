import DynamicType
import Testing

/// A value a preference does not take is one error for every preference, its code and sentence derived from the
/// declaration (docs/DESIGN.md §10 (Reader preferences)).
@Suite struct UnknownValueTests {
    /// The preferences whose values are names of their own: each refuses an unknown one with its own code.
    static let namingPreferences = ReaderPreference.allCases.filter { $0.declaration.unknownValueCode != nil }

    /// `unknown` and the wire name with its first letter capitalised, as the table of docs/DESIGN.md §8 (Errors) spells the codes.
    static func expectedCode(of preference: ReaderPreference) -> ErrorCode {
        let name = preference.wireName
        return ErrorCode(rawValue: "unknown\(name.first.map { String($0).uppercased() } ?? "")\(name.dropFirst())")
    }

    @Test func everyPreferenceWithItsOwnNamesIsAmongThem() {
        // Every preference whose values are a finite list of its own: the category, the legibility weight and the
        // text spacing so far; the bounds take the category's names, the reading font any family.
        #expect(Self.namingPreferences.count >= 3)
        for preference in ReaderPreference.allCases where !preference.declaration.allowedValues.isEmpty {
            let named = Self.namingPreferences.contains(preference)
            #expect(named || preference.declaration.clamp != nil, "\(preference) has a list of values but no code of its own")
        }
    }

    @Test(arguments: namingPreferences)
    func anUnknownValueHasTheCodeAndNounOfItsPreference(_ preference: ReaderPreference) throws {
        let declaration = preference.declaration
        let error = try #require(throws: DynamicTypeError.self) { try declaration.parse("nothing-like-it") }
        #expect(error.code == Self.expectedCode(of: preference))
        #expect(error.code == declaration.unknownValueCode)
        #expect(ErrorCode.all.contains(error.code))
        #expect(error.refusedValue?.preference == preference)
        #expect(error.refusedValue?.name == "nothing-like-it")
        #expect(error.allowed == declaration.allowedValues)
        #expect(error.suggestion == nil)
        let listed = declaration.allowedValues.joined(separator: ", ")
        #expect(error.description.hasPrefix("Unknown "), "\(error.description)")
        #expect(error.description.contains("\(declaration.noun) 'nothing-like-it'; use one of: \(listed)"), "\(error.description)")
        if preference != .category {
            // The category's sentence also says Apple's names work (ContentSizeCategoryTests pins it).
            #expect(error.description == "Unknown \(declaration.noun) 'nothing-like-it'; use one of: \(listed).")
        }
    }

    @Test(arguments: namingPreferences)
    func aNearMissIsOfferedTheValueMeant(_ preference: ReaderPreference) throws {
        let declaration = preference.declaration
        let meant = try #require(declaration.allowedValues.max { $0.count < $1.count })
        let missed = meant + String(try #require(meant.last))
        let error = try #require(throws: DynamicTypeError.self) { try declaration.parse(missed) }
        #expect(error.code == Self.expectedCode(of: preference))
        #expect(error.suggestion == meant)
        #expect(
            error.description.hasSuffix(
                "'\(missed)'; use one of: \(declaration.allowedValues.joined(separator: ", "))"
                    + (preference == .category ? " (Apple's names such as extraLarge also work)" : "") + ". Did you mean '\(meant)'?"),
            "\(error.description)")
    }

    @Test(arguments: [
        (DynamicTypeError.unknownCategory("extraLarg", allowed: ContentSizeCategory.allCases.map(\.rawValue)), ReaderPreference.category),
        (.unknownLegibilityWeight("blod", allowed: ["regular", "bold"]), .legibilityWeight),
        (.unknownTextSpacing("double", allowed: ["default", "wcag"]), .textSpacing),
    ])
    func theFirstThreesOwnCasesAreTheGenericOne(_ own: DynamicTypeError, _ preference: ReaderPreference) throws {
        let refused = try #require(own.refusedValue)
        #expect(refused.preference == preference)
        let generic = DynamicTypeError.unknownValue(preference, refused.name, allowed: refused.allowed)
        #expect(generic.code == own.code)
        #expect(generic.description == own.description)
        #expect(generic.suggestion == own.suggestion)
        #expect(generic.allowed == own.allowed)
        #expect(own.code == ErrorCode(unknownValueOf: preference))
    }

    @Test(arguments: ReaderPreference.allCases.filter { $0.declaration.clamp != nil })
    func aBoundRefusesAnUnknownNameAsACategory(_ preference: ReaderPreference) {
        // A bound's values are categories: an unknown one is the category's error, as it has always been.
        let error = #expect(throws: DynamicTypeError.self) { try preference.declaration.parse("huge") }
        #expect(error == .unknownCategory("huge", allowed: ContentSizeCategory.allCases.map(\.rawValue)))
        #expect(error?.code == .unknownCategory)
    }

    @Test func otherErrorsAreNoRefusedValue() {
        #expect(DynamicTypeError.unknownStyle("bdoy", known: ["body"]).refusedValue == nil)
        #expect(DynamicTypeError.unknownFamily("Comic", allowed: ["DejaVu Sans"]).refusedValue == nil)
        #expect(DynamicTypeError.emptyFamilyList.refusedValue == nil)
    }

    @Test func everyCodeIsListedOnce() {
        #expect(Set(ErrorCode.all).count == ErrorCode.all.count)
        for code in ReaderPreference.allCases.compactMap(\.declaration.unknownValueCode) {
            #expect(ErrorCode.all.contains(code))
        }
    }
}
