/// The reader's category alone, with the sequence number of the last change:
/// the body of `GET /category`, `{"category": "xl", "sequence": 3}`.
public struct CategoryPreference: Hashable, Sendable, Codable {
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    public var category: ContentSizeCategory
    public var sequence: Int

    public init(scope: String? = nil, category: ContentSizeCategory, sequence: Int) {
        self.scope = scope
        self.category = category
        self.sequence = sequence
    }
}
