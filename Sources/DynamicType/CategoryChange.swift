/// The reader chose another content-size category.
///
/// The data of a `contentSizeCategoryDidChange` event and the body of `PUT /category`:
/// `{"category": "xl", "previous": "l", "sequence": 42}`. A `PUT` that sets the category it
/// already had answers with `previous` equal to `category` and the unchanged sequence.
public struct CategoryChange: Hashable, Sendable, Codable {
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    public var category: ContentSizeCategory
    public var previous: ContentSizeCategory
    public var sequence: Int

    public init(scope: String? = nil, category: ContentSizeCategory, previous: ContentSizeCategory, sequence: Int) {
        self.scope = scope
        self.category = category
        self.previous = previous
        self.sequence = sequence
    }
}

extension CategoryChange: ReaderChange {
    public init(scope: String?, value: ContentSizeCategory, previous: ContentSizeCategory, sequence: Int) {
        self.init(scope: scope, category: value, previous: previous, sequence: sequence)
    }

    public var value: ContentSizeCategory { category }
}
