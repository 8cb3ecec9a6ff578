/// The body of `PUT /preferences` and `PUT /category`: what to change, the rest left as it is,
/// `{"category": "xl"}`, `{"legibilityWeight": "bold"}`, `{"textSpacing": "wcag"}` or any of them together.
public struct PreferencesUpdate: Hashable, Sendable, Codable {
    public var category: ContentSizeCategory?
    public var legibilityWeight: LegibilityWeight?
    public var textSpacing: TextSpacing?

    public init(category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil, textSpacing: TextSpacing? = nil) {
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case category, legibilityWeight, textSpacing }

    /// Writes only the fields that are set (`null` would be refused by the server).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(legibilityWeight, forKey: .legibilityWeight)
        try container.encodeIfPresent(textSpacing, forKey: .textSpacing)
    }

    /// Reads a field only when it is there: an absent field is left as it is, while `null`
    /// is refused (it would say neither "keep" nor a value). Names are matched as the query
    /// parameters are (any of a category's names, any case); a name that matches nothing is
    /// refused with the `DynamicTypeError` as the underlying error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = nil
        legibilityWeight = nil
        textSpacing = nil
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
        if let name = try container.decodeUnlessAbsent(String.self, forKey: .textSpacing) {
            do { textSpacing = try TextSpacing(parsing: name) } catch {
                throw container.refusal(forKey: .textSpacing, error.description, underlyingError: error)
            }
        }
    }
}
