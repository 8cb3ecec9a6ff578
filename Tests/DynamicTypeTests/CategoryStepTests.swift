import DynamicType
import Testing

/// One step of the reader's category, as `fontd category bigger | smaller` takes it (docs/DESIGN.md
/// §37 (The reader's control)): to the next category, never past the list's ends nor a scope's bounds.
@Suite struct CategoryStepTests {
    @Test(arguments: ContentSizeCategory.allCases)
    func eachStepMovesOneCategoryUntilTheEnd(category: ContentSizeCategory) {
        let all = ContentSizeCategory.allCases
        let bigger = CategoryStep.bigger.outcome(from: category)
        let smaller = CategoryStep.smaller.outcome(from: category)
        #expect(bigger == (category == all.last ? .atEnd(category) : .moved(to: all[category.ordinal + 1])))
        #expect(smaller == (category == all.first ? .atEnd(category) : .moved(to: all[category.ordinal - 1])))
        if case .moved(let up) = bigger { #expect(CategoryStep.smaller.outcome(from: up) == .moved(to: category)) }
    }

    @Test func aScopesBoundsStopTheStepBeforeTheEnds() throws {
        let range = try CategoryRange(minimum: .medium, maximum: .extraExtraLarge)
        #expect(CategoryStep.bigger.outcome(from: .extraLarge, within: range) == .moved(to: .extraExtraLarge))
        #expect(CategoryStep.bigger.outcome(from: .extraExtraLarge, within: range) == .atBound(.extraExtraLarge))
        #expect(CategoryStep.smaller.outcome(from: .medium, within: range) == .atBound(.medium))
        #expect(CategoryStep.smaller.outcome(from: .extraExtraLarge, within: range) == .moved(to: .extraLarge))
        // A bound at the list's end is the end.
        let top = try CategoryRange(minimum: nil, maximum: .accessibilityExtraExtraExtraLarge)
        #expect(
            CategoryStep.bigger.outcome(from: .accessibilityExtraExtraExtraLarge, within: top) == .atEnd(.accessibilityExtraExtraExtraLarge)
        )
    }

    @Test func aCategoryOutsideTheBoundsStepsFromWhatTheScopeAnswers() throws {
        let range = try CategoryRange(minimum: .medium, maximum: .extraExtraLarge)
        // The reader's ax3, clamped to xxl: one step smaller is xl, one bigger stays at the bound.
        #expect(CategoryStep.smaller.outcome(from: .accessibilityExtraLarge, within: range) == .moved(to: .extraLarge))
        #expect(CategoryStep.bigger.outcome(from: .accessibilityExtraLarge, within: range) == .atBound(.extraExtraLarge))
        #expect(CategoryStep.bigger.outcome(from: .extraSmall, within: range) == .moved(to: .large))
    }

    @Test func aCategorysWordsAndLevelAreWhatAControlShows() {
        #expect(ContentSizeCategory.extraSmall.readableName == "Extra Small")
        #expect(ContentSizeCategory.extraExtraExtraLarge.readableName == "Extra Extra Extra Large")
        #expect(ContentSizeCategory.accessibilityMedium.readableName == "Accessibility Medium")
        #expect(ContentSizeCategory.allCases.map(\.level) == (0...11).map { Double($0) / 11 })
    }
}
