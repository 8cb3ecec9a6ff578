import DynamicType
import Testing

/// A per-category table has a cell for every category, or does not exist.
@Suite struct CategoryTableTests {
    @Test func aTableFromCellsNeedsEveryCategory() throws {
        var cells = Dictionary(uniqueKeysWithValues: ContentSizeCategory.allCases.map { ($0, $0.ordinal * 2) })
        let table = try #require(CategoryTable(cells))
        for category in ContentSizeCategory.allCases { #expect(table[category] == category.ordinal * 2) }
        cells[.accessibilityExtraExtraExtraLarge] = nil
        #expect(CategoryTable(cells) == nil)
    }

    @Test func aCellCanBeReplaced() {
        var table = CategoryTable { $0.rawValue }
        table[.extraLarge] = "changed"
        #expect(table[.extraLarge] == "changed")
        #expect(table[.large] == "l")
    }
}
