/// The reader's category alone, with the sequence number of the last change:
/// the body of `GET /category`, `{"category": "xl", "sequence": 3}`.
public struct CategoryPreference: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory
    public var sequence: Int

    public init(category: ContentSizeCategory, sequence: Int) {
        self.category = category
        self.sequence = sequence
    }
}
