import DynamicType
import Foundation
import Testing

@Suite struct ContentSizeCategoryTests {
    @Test(arguments: ContentSizeCategory.allCases)
    func everyNameFindsTheCategoryIgnoringCase(_ category: ContentSizeCategory) throws {
        for name in [category.rawValue, category.appleName, category.uiKitRawValue] {
            #expect(try ContentSizeCategory(parsing: name) == category)
            #expect(try ContentSizeCategory(parsing: name.uppercased()) == category)
            #expect(try ContentSizeCategory(parsing: name.lowercased()) == category)
        }
    }

    @Test func categoriesAreOrderedSmallestFirstWithLargeAsDefault() {
        #expect(
            ContentSizeCategory.allCases.map(\.rawValue) == ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"])
        #expect(ContentSizeCategory.extraSmall < .accessibilityMedium)
        #expect(ContentSizeCategory.accessibilityExtraExtraExtraLarge.ordinal == 11)
        #expect(ContentSizeCategory.default == .large)
    }

    @Test func onlyTheFiveAxSizesAreAccessibilitySizes() {
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibility).map(\.rawValue) == ["ax1", "ax2", "ax3", "ax4", "ax5"])
    }

    @Test func applesNamesAndRawValuesAreSpelledAsUIKitSpellsThem() {
        #expect(ContentSizeCategory.extraExtraExtraLarge.appleName == "extraExtraExtraLarge")
        #expect(ContentSizeCategory.accessibilityMedium.uiKitRawValue == "UICTContentSizeCategoryAccessibilityM")
        #expect(ContentSizeCategory.extraSmall.uiKitRawValue == "UICTContentSizeCategoryXS")
    }

    @Test func unknownCategoryNamesTheValueAndListsTheAllowedOnes() {
        #expect(throws: DynamicTypeError.unknownCategory("huge", allowed: ContentSizeCategory.allCases.map(\.rawValue))) {
            try ContentSizeCategory(parsing: "huge")
        }
        let error = DynamicTypeError.unknownCategory("huge", allowed: ["xs", "l"])
        #expect(error.code == "unknownCategory")
        #expect(error.description.contains("'huge'") && error.description.contains("xs, l"))
    }

    @Test func listingCarriesEveryName() throws {
        let json = try OrderedJSONEncoder().string(ContentSizeCategory.listing[7])
        #expect(
            json
                == #"{"name":"ax1","appleName":"accessibilityMedium","rawValue":"UICTContentSizeCategoryAccessibilityM","isAccessibility":true}"#
        )
    }

    @Test func decodingAcceptsAliasesAndEncodingUsesTheShortName() throws {
        let decoded = try JSONDecoder().decode([ContentSizeCategory].self, from: Data(#"["extraLarge","UICTContentSizeCategoryXS"]"#.utf8))
        #expect(decoded == [.extraLarge, .extraSmall])
        #expect(try OrderedJSONEncoder().string(decoded) == #"["xl","xs"]"#)
    }
}
