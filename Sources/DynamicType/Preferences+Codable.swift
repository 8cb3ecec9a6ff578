/// The wire form of `Preferences`, written once for every preference: each under its wire name,
/// in `ReaderPreference.allCases` order, between the scope and the sequence.
///
/// A preference with no value (no reading font, no bound) is left out; a field that is absent
/// reads as the preference's initial value unless every answer carries it
/// (`Declaration.isOnEveryAnswer`: the category and the legibility weight), so an answer from a
/// server older than text spacing still reads.
extension Preferences: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var fields = PerPreference(repeating: "")
        for preference in ReaderPreference.allCases {
            fields[preference] = try Self.field(of: preference, as: preference.declaration.valueType, in: container)
        }
        self.init(
            scope: try container.decodeIfPresent(String.self, forKey: .scope), fields: fields,
            requestedCategory: try container.decodeIfPresent(ContentSizeCategory.self, forKey: .requestedCategory),
            sequence: try container.decode(Int.self, forKey: .sequence),
            fontGeneration: try container.decodeIfPresent(String.self, forKey: .fontGeneration),
            inherited: try container.decodeIfPresent([String].self, forKey: .inherited))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(scope, forKey: .scope)
        for preference in ReaderPreference.allCases {
            if !fields[preference].isEmpty { try container.encode(fields[preference], forKey: AnyCodingKey(preference.wireName)) }
            if preference.declaration.isClampedByBounds { try container.encodeIfPresent(requestedCategory, forKey: .requestedCategory) }
        }
        try container.encode(sequence, forKey: .sequence)
        try container.encodeIfPresent(fontGeneration, forKey: .fontGeneration)
        try container.encodeIfPresent(inherited, forKey: .inherited)
    }

    /// `preference`'s raw value, read as a `Value` so that a value it does not take is refused as before.
    private static func field<Value: ReaderValue>(
        of preference: ReaderPreference, as type: Value.Type, in container: KeyedDecodingContainer<AnyCodingKey>
    ) throws -> String {
        let key = AnyCodingKey(preference.wireName)
        guard preference.declaration.isOnEveryAnswer else {
            return try container.decodeIfPresent(Value.self, forKey: key)?.rawValue ?? preference.declaration.initialValue
        }
        return try container.decode(Value.self, forKey: key).rawValue
    }
}

extension AnyCodingKey {
    fileprivate static let scope = AnyCodingKey("scope")
    fileprivate static let requestedCategory = AnyCodingKey("requestedCategory")
    fileprivate static let sequence = AnyCodingKey("sequence")
    fileprivate static let fontGeneration = AnyCodingKey("fontGeneration")
    fileprivate static let inherited = AnyCodingKey("inherited")
}
