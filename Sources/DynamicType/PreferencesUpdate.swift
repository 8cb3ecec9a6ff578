/// The body of `PUT /preferences` and `PUT /category`: what to change, the rest left as it is,
/// `{"category": "xl"}`, `{"legibilityWeight": "bold"}` or both.
public struct PreferencesUpdate: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory?
    public var legibilityWeight: LegibilityWeight?

    public init(category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil) {
        self.category = category
        self.legibilityWeight = legibilityWeight
    }

    private enum CodingKeys: String, CodingKey { case category, legibilityWeight }

    /// Writes only the fields that are set (`null` would be refused by the server).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(legibilityWeight, forKey: .legibilityWeight)
    }
}
