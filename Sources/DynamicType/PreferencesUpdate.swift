/// The body of `PUT /preferences` and `PUT /category`: what to change, the rest left as it is,
/// `{"category": "xl"}`, `{"legibilityWeight": "bold"}`, `{"textSpacing": "wcag"}` or any of them together.
public struct PreferencesUpdate: Hashable, Sendable, Codable {
    /// The raw value to set of each preference that changes; nil: left as it is.
    public var values: PerPreference<String?>

    /// An update setting each preference to its raw value in `values` (nil: left as it is).
    public init(values: PerPreference<String?>) {
        self.values = values
    }

    public init(category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil, textSpacing: TextSpacing? = nil) {
        var values = PerPreference<String?>(repeating: nil)
        values[.category] = category?.rawValue
        values[.legibilityWeight] = legibilityWeight?.rawValue
        values[.textSpacing] = textSpacing?.rawValue
        self.init(values: values)
    }

    public var category: ContentSizeCategory? { values[.category].flatMap(ContentSizeCategory.init(rawValue:)) }
    public var legibilityWeight: LegibilityWeight? { values[.legibilityWeight].flatMap(LegibilityWeight.init(rawValue:)) }
    public var textSpacing: TextSpacing? { values[.textSpacing].flatMap(TextSpacing.init(rawValue:)) }

    /// Writes only the fields that are set, in the list's order (`null` would be refused by the server).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for preference in ReaderPreference.allCases {
            try container.encodeIfPresent(values[preference], forKey: AnyCodingKey(preference.wireName))
        }
    }

    /// Reads a field only when it is there: an absent field is left as it is, while `null`
    /// is refused (it would say neither "keep" nor a value). Names are matched as the query
    /// parameters are (any of a category's names, any case); a name that matches nothing is
    /// refused with the `DynamicTypeError` as the underlying error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        values = try PerPreference { preference in
            let key = AnyCodingKey(preference.wireName)
            guard let name = try container.decodeUnlessAbsent(String.self, forKey: key) else { return nil }
            do throws(DynamicTypeError) { return try preference.declaration.parse(name) } catch {
                throw container.refusal(forKey: key, error.description, underlyingError: error)
            }
        }
    }
}
