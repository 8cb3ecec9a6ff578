/// The body of `PUT /preferences` and `PUT /category`: what to change, the rest left as it is,
/// `{"category": "xl"}`, `{"legibilityWeight": "bold"}` or both.
public struct PreferencesUpdate: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory?
    public var legibilityWeight: LegibilityWeight?

    public init(category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil) {
        self.category = category
        self.legibilityWeight = legibilityWeight
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case category, legibilityWeight }

    /// Writes only the fields that are set (`null` would be refused by the server).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(legibilityWeight, forKey: .legibilityWeight)
    }

    /// Reads a field only when it is there: an absent field is left as it is, while `null`
    /// is refused (it would say neither "keep" nor a value). Names are matched as the query
    /// parameters are (any of a category's names, any case); a name that matches nothing is
    /// refused with the `DynamicTypeError` as the underlying error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = nil
        legibilityWeight = nil
        if let name = try container.decodeUnlessAbsent(String.self, forKey: .category) {
            do { category = try ContentSizeCategory(parsing: name) } catch {
                throw container.refusal(forKey: .category, error.description, underlyingError: error)
            }
        }
        if let name = try container.decodeUnlessAbsent(String.self, forKey: .legibilityWeight) {
            do { legibilityWeight = try LegibilityWeight(parsing: name) } catch {
                throw container.refusal(forKey: .legibilityWeight, error.description, underlyingError: error)
            }
        }
    }
}
