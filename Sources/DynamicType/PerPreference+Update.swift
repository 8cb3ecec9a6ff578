/// The body of `PUT /preferences` and `PUT /category` is the raw value to set of each preference that changes, nil
/// for one left as it is: `{"category": "xl"}`, `{"legibilityWeight": "bold"}`, `{"textSpacing": "wcag"}` or any of
/// them together (docs/DESIGN.md §10 (Reader preferences)).
extension PerPreference: Codable where Value == String? {
    /// Writes only the fields that are set, in the list's order (`null` would be refused by the server).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for preference in ReaderPreference.allCases {
            try container.encodeIfPresent(self[preference], forKey: AnyCodingKey(preference.wireName))
        }
    }

    /// Reads a field only when it is there: an absent field is left as it is, while `null`
    /// is refused (it would say neither "keep" nor a value). Names are matched as the query
    /// parameters are (any of a category's names, any case); a name that matches nothing is
    /// refused with the `DynamicTypeError` as the underlying error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        try self.init { preference in
            let key = AnyCodingKey(preference.wireName)
            guard let name = try container.decodeUnlessAbsent(String.self, forKey: key) else { return nil }
            do throws(DynamicTypeError) { return try preference.declaration.parse(name) } catch {
                throw container.refusal(forKey: key, error.description, underlyingError: error)
            }
        }
    }
}

extension PerPreference where Value == String? {
    /// A body setting the preferences given, the rest left as they are.
    public init(category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil, textSpacing: TextSpacing? = nil) {
        self.init(repeating: nil)
        self[.category] = category?.rawValue
        self[.legibilityWeight] = legibilityWeight?.rawValue
        self[.textSpacing] = textSpacing?.rawValue
    }

    /// The category to set, if it is set to one.
    public var category: ContentSizeCategory? { self[.category].flatMap(ContentSizeCategory.init(rawValue:)) }
    /// The legibility weight to set, if it is set to one.
    public var legibilityWeight: LegibilityWeight? { self[.legibilityWeight].flatMap(LegibilityWeight.init(rawValue:)) }
    /// The text spacing to set, if it is set to one.
    public var textSpacing: TextSpacing? { self[.textSpacing].flatMap(TextSpacing.init(rawValue:)) }
}
