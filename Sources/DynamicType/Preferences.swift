/// The reader's choices as the service keeps them: the category, the legibility weight, and
/// the sequence number of the last change (0 before any).
///
/// The body of `GET /preferences` and `PUT /preferences`, and of the `preferences` snapshot
/// event: `{"category": "l", "legibilityWeight": "regular", "sequence": 0}`.
public struct Preferences: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory
    public var legibilityWeight: LegibilityWeight
    public var sequence: Int

    public init(category: ContentSizeCategory, legibilityWeight: LegibilityWeight, sequence: Int) {
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.sequence = sequence
    }
}
