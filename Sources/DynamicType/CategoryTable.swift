/// One value for every content-size category: a table that cannot lack a cell, so a lookup
/// needs no fallback.
public struct CategoryTable<Value: Hashable & Sendable>: Hashable, Sendable {
    /// In `ContentSizeCategory.allCases` order.
    private var values: [Value]

    /// The table whose cell at each category is `value(category)`.
    public init(_ value: (ContentSizeCategory) throws -> Value) rethrows {
        values = try ContentSizeCategory.allCases.map(value)
    }

    /// `cells` as a table; nil when a category has no cell.
    public init?(_ cells: [ContentSizeCategory: Value]) {
        var values: [Value] = []
        for category in ContentSizeCategory.allCases {
            guard let cell = cells[category] else { return nil }
            values.append(cell)
        }
        self.values = values
    }

    public subscript(category: ContentSizeCategory) -> Value {
        get { values[category.ordinal] }
        set { values[category.ordinal] = newValue }
    }
}
