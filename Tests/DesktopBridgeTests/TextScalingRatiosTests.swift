import DesktopBridge
import DynamicType
import FontdTestSupport
import Testing

/// The mapping between GNOME's text-scaling-factor and the categories (docs/DESIGN.md §26 (The desktop bridge)), from
/// the default table's body sizes.
@Suite struct TextScalingRatiosTests {
    static let ratios = TextScalingRatios(table: Fixtures.defaultTable)

    /// Body sizes at xs…ax5 in the default table.
    static let bodySizes: [ContentSizeCategory: Double] = [
        .extraSmall: 14, .small: 15, .medium: 16, .large: 17, .extraLarge: 19, .extraExtraLarge: 21, .extraExtraExtraLarge: 23,
        .accessibilityMedium: 28, .accessibilityLarge: 33, .accessibilityExtraLarge: 40, .accessibilityExtraExtraLarge: 47,
        .accessibilityExtraExtraExtraLarge: 53,
    ]

    @Test(arguments: ContentSizeCategory.allCases)
    func ratioIsBodySizeOverBodySizeAtLarge(_ category: ContentSizeCategory) throws {
        let ratios = try #require(Self.ratios)
        #expect(ratios.ratio(of: category) == Self.bodySizes[category].map { $0 / 17 })
    }

    /// The table DESIGN §26 (The desktop bridge) gives for reading, which is also what the key is set to (ax5 clamped).
    @Test func categoryToKeyRoundsToTwoDecimalsWithinTheKeysRange() throws {
        let ratios = try #require(Self.ratios)
        let written = ContentSizeCategory.allCases.map { ratios.factor(for: $0) }
        #expect(written == [0.82, 0.88, 0.94, 1.0, 1.12, 1.24, 1.35, 1.65, 1.94, 2.35, 2.76, 3.0])
    }

    @Test(arguments: [
        (1.25, ContentSizeCategory.extraExtraLarge), (0.5, .extraSmall), (3.0, .accessibilityExtraExtraExtraLarge), (1.0, .large),
        (1.1, .extraLarge), (1.94, .accessibilityLarge), (2.0, .accessibilityLarge), (0.85, .extraSmall), (0.86, .small),
        // Halfway between 23/17 and 28/17 (exactly, in doubles too): the smaller.
        (1.5, .extraExtraExtraLarge),
    ])
    func keyToCategoryIsTheNearestRatio(_ factor: Double, _ category: ContentSizeCategory) throws {
        #expect(try #require(Self.ratios).category(nearest: factor) == category)
    }

    /// Every value written maps back to its own category, so the bridge's own writes never move the category.
    @Test(arguments: ContentSizeCategory.allCases)
    func aWrittenValueMapsBackToItsCategory(_ category: ContentSizeCategory) throws {
        let ratios = try #require(Self.ratios)
        #expect(ratios.category(nearest: ratios.factor(for: category)) == category)
    }

    @Test func aTableWithoutBodyTakesTheDefaultTablesRatios() throws {
        var table = Fixtures.defaultTable
        table.styles.removeAll { $0.style == .body }
        #expect(TextScalingRatios(table: table) == nil)
        #expect(try TextScalingRatios.of(table) == Self.ratios)
    }

    @Test func aTablesOwnBodyGivesItsRatios() throws {
        var table = Fixtures.defaultTable
        let index = try #require(table.styles.firstIndex { $0.style == .body })
        table.styles[index].sizes[.accessibilityExtraExtraExtraLarge].size = 85
        let ratios = try TextScalingRatios.of(table)
        #expect(ratios.ratio(of: .accessibilityExtraExtraExtraLarge) == 5)
        #expect(ratios.factor(for: .accessibilityExtraExtraExtraLarge) == 3)
        // Clamped, 3.0 is nearer ax4 (47/17) in this table: the bridge must not take its own write back.
        #expect(ratios.category(nearest: 3) == .accessibilityExtraExtraLarge)
    }
}
