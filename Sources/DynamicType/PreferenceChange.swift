/// A change of one of the reader's preferences (docs/DESIGN.md §11 (The event stream)): the data of every
/// `…DidChange` event, and the body `PUT /category` answers with. The value goes under the
/// preference's wire name, so each preference's event reads as it always has:
/// `{"scope": "alice/phone", "category": "xl", "previous": "l", "sequence": 42}`,
/// `{"readingFont": "OpenDyslexic", "previous": null, "sequence": 45}`,
/// `{"scope": "desktop/kde", "maximumCategory": "xxl", "previous": null, "sequence": 46}`.
///
/// A `PUT` that sets the value a preference already had answers with `previous` equal to `value`
/// and the unchanged sequence.
public struct PreferenceChange<Value: ReaderValue>: ReaderChange {
    /// The preference that changed; its wire name names the value's field.
    public let preference: ReaderPreference
    /// The scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) whose preference this is; nil for the root scope.
    public var scope: String?
    /// The value after the change.
    public var value: Value
    /// The value before it.
    public var previous: Value
    public var sequence: Int

    /// A change of `preference`, whose values must be `Value`s.
    public init(_ preference: ReaderPreference, scope: String? = nil, value: Value, previous: Value, sequence: Int) {
        precondition(preference.declaration.valueType == Value.self, "\(preference) does not take \(Value.self)")
        self.preference = preference
        self.scope = scope
        self.value = value
        self.previous = previous
        self.sequence = sequence
    }

    /// A change of the one preference whose values are `Value`s (every one but the two bounds,
    /// which share theirs and need the preference named).
    public init(scope: String? = nil, value: Value, previous: Value, sequence: Int) {
        let preferences = Self.preferences
        precondition(preferences.count == 1, "\(Value.self) is the value of \(preferences); name the preference")
        self.init(preferences[0], scope: scope, value: value, previous: previous, sequence: sequence)
    }

    /// The preferences whose values are `Value`s.
    private static var preferences: [ReaderPreference] {
        ReaderPreference.allCases.filter { $0.declaration.valueType == Value.self }
    }
}

extension PreferenceChange: Codable {
    /// Reads the change of whichever preference with `Value`s the data names by its field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let candidates = Self.preferences
        guard let preference = candidates.first(where: { container.contains(AnyCodingKey($0.wireName)) }) else {
            let fields = candidates.map(\.wireName).joined(separator: " or ")
            throw DecodingError.keyNotFound(
                AnyCodingKey(candidates.first?.wireName ?? "value"),
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "A change has a \(fields) field."))
        }
        self.init(
            preference, scope: try container.decodeIfPresent(String.self, forKey: AnyCodingKey("scope")),
            value: try container.decode(Value.self, forKey: AnyCodingKey(preference.wireName)),
            previous: try container.decode(Value.self, forKey: AnyCodingKey("previous")),
            sequence: try container.decode(Int.self, forKey: AnyCodingKey("sequence")))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(scope, forKey: AnyCodingKey("scope"))
        try container.encode(value, forKey: AnyCodingKey(preference.wireName))
        try container.encode(previous, forKey: AnyCodingKey("previous"))
        try container.encode(sequence, forKey: AnyCodingKey("sequence"))
    }
}
