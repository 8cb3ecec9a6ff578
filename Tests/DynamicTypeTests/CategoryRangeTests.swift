import DynamicType
import Testing

@Suite struct CategoryRangeTests {
    @Test func aCategoryIsMovedToTheNearerEnd() throws {
        let range = try CategoryRange(minimum: .medium, maximum: .accessibilityLarge)
        let answered = ContentSizeCategory.allCases.map { range.clamp($0).rawValue }
        #expect(answered == ["m", "m", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax2", "ax2", "ax2"])
        #expect(range.apply(to: .extraSmall) == (.medium, .extraSmall))
        #expect(range.apply(to: .large) == (.large, .large), "a range given, the asked category is reported even when kept")
    }

    @Test func oneBoundLeavesTheOtherSideOpen() throws {
        let atMost = try CategoryRange(parsingMinimum: nil, maximum: "extraLarge")
        #expect(atMost.clamp(.extraSmall) == .extraSmall)
        #expect(atMost.clamp(.accessibilityExtraExtraExtraLarge) == .extraLarge)
        let atLeast = try CategoryRange(parsingMinimum: "UICTContentSizeCategoryL", maximum: nil)
        #expect(atLeast.clamp(.extraSmall) == .large)
        #expect(atLeast.clamp(.accessibilityExtraExtraExtraLarge) == .accessibilityExtraExtraExtraLarge)
    }

    @Test func noBoundChangesNothingAndReportsNothing() throws {
        let range = try CategoryRange(parsingMinimum: nil, maximum: nil)
        #expect(range == .unbounded)
        #expect(!range.isBounded)
        #expect(range.apply(to: .accessibilityLarge) == (.accessibilityLarge, nil))
    }

    @Test func equalBoundsPinTheCategory() throws {
        let range = try CategoryRange(minimum: .extraLarge, maximum: .extraLarge)
        #expect(Set(ContentSizeCategory.allCases.map(range.clamp)) == [.extraLarge])
    }

    @Test func aMinimumAboveTheMaximumIsRefused() {
        #expect(throws: DynamicTypeError.categoryRangeInverted(minimum: .accessibilityMedium, maximum: .extraLarge)) {
            try CategoryRange(parsingMinimum: "ax1", maximum: "xl")
        }
        #expect(throws: DynamicTypeError.unknownCategory("huge", allowed: ContentSizeCategory.allCases.map(\.rawValue))) {
            try CategoryRange(parsingMinimum: nil, maximum: "huge")
        }
    }
}
