/// Which end of a scope's clamp a `CategoryBoundChange` is of: it names the payload's field.
public protocol CategoryBoundEnd: Sendable {
    /// The preference, whose wire name is the payload's field (`minimumCategory`).
    static var preference: ReaderPreference { get }
}

/// The lower end of a scope's clamp: `minimumCategory`.
public enum MinimumCategoryEnd: CategoryBoundEnd {
    public static var preference: ReaderPreference { .minimumCategory }
}

/// The upper end of a scope's clamp: `maximumCategory`.
public enum MaximumCategoryEnd: CategoryBoundEnd {
    public static var preference: ReaderPreference { .maximumCategory }
}

/// A scope's bound moved, or was lifted (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
///
/// The data of a `maximumCategoryDidChange` (or `minimumCategoryDidChange`) event:
/// `{"scope": "desktop/kde", "maximumCategory": "xxl", "previous": null, "sequence": 46}`.
public struct CategoryBoundChange<End: CategoryBoundEnd>: ReaderChange {
    /// The scope whose bound this is; nil for the root scope.
    public var scope: String?
    public var value: CategoryBound
    public var previous: CategoryBound
    public var sequence: Int

    public init(scope: String?, value: CategoryBound, previous: CategoryBound, sequence: Int) {
        self.scope = scope
        self.value = value
        self.previous = previous
        self.sequence = sequence
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init(
            scope: try container.decodeIfPresent(String.self, forKey: AnyCodingKey("scope")),
            value: try container.decode(CategoryBound.self, forKey: AnyCodingKey(End.preference.wireName)),
            previous: try container.decode(CategoryBound.self, forKey: AnyCodingKey("previous")),
            sequence: try container.decode(Int.self, forKey: AnyCodingKey("sequence")))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(scope, forKey: AnyCodingKey("scope"))
        try container.encode(value, forKey: AnyCodingKey(End.preference.wireName))
        try container.encode(previous, forKey: AnyCodingKey("previous"))
        try container.encode(sequence, forKey: AnyCodingKey("sequence"))
    }
}
