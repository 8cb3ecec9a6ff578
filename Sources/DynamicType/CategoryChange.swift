/// The reader chose another content-size category.
///
/// The data of a `contentSizeCategoryDidChange` event and the body of `PUT /category`:
/// `{"category": "xl", "previous": "l", "sequence": 42}`. A `PUT` that sets the category it
/// already had answers with `previous` equal to `category` and the unchanged sequence.
public struct CategoryChange: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory
    public var previous: ContentSizeCategory
    public var sequence: Int

    public init(category: ContentSizeCategory, previous: ContentSizeCategory, sequence: Int) {
        self.category = category
        self.previous = previous
        self.sequence = sequence
    }
}
