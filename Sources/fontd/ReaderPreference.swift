import DynamicType
import FontdClient

/// A reader preference that `fontd <command> get | set | clear` reads and changes through
/// `PUT /preferences` (docs/DESIGN.md §10): the legibility weight and the text spacing, and the
/// category's `clear`.
protocol ReaderPreference {
    associatedtype Value: RawRepresentable<String>, Sendable

    /// The command's name: `legibility`, `text-spacing`.
    static var commandName: String { get }
    /// What the preference is called in help: `legibility weight`.
    static var noun: String { get }
    /// The command's abstract.
    static var abstract: String { get }
    /// The values `set` takes, for its help: `regular or bold.`
    static var values: String { get }
    /// Reads a value as the API does, refusing a name with the allowed ones.
    static func parse(_ text: String) throws(DynamicTypeError) -> Value
    /// The preference in a `GET /preferences` answer.
    static func value(in preferences: Preferences) -> Value
    /// Sets the preference to `value`, answering the preferences after it.
    static func set(_ value: Value, with client: FontdClient) async throws(FontdClientError) -> Preferences
    /// Clears the scope's own value, answering the preferences after it.
    static func clear(with client: FontdClient) async throws(FontdClientError) -> Preferences
}

/// The content-size category: `fontd category clear` (its `get` and `set` speak `/category`).
enum CategoryPreference: ReaderPreference {
    static let commandName = "category"
    static let noun = "category"
    static let abstract = "Show or set the reader's content-size category on a fontd server."
    static let values = "xs s m l xl xxl xxxl ax1…ax5 (Apple's names work too)."
    static func parse(_ text: String) throws(DynamicTypeError) -> ContentSizeCategory { try ContentSizeCategory(parsing: text) }
    static func value(in preferences: Preferences) -> ContentSizeCategory { preferences.category }
    static func set(_ value: ContentSizeCategory, with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.setPreferences(category: value)
    }
    static func clear(with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.clearPreferences(category: true)
    }
}

/// The accessibility "Bold Text" setting: `fontd legibility`.
enum LegibilityPreference: ReaderPreference {
    static let commandName = "legibility"
    static let noun = "legibility weight"
    static let abstract = "Show or set the reader's legibility weight (the \"Bold Text\" setting) on a fontd server."
    static let values = "regular or bold."
    static func parse(_ text: String) throws(DynamicTypeError) -> LegibilityWeight { try LegibilityWeight(parsing: text) }
    static func value(in preferences: Preferences) -> LegibilityWeight { preferences.legibilityWeight }
    static func set(_ value: LegibilityWeight, with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.setPreferences(legibilityWeight: value)
    }
    static func clear(with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.clearPreferences(legibilityWeight: true)
    }
}

/// WCAG 1.4.12's text spacing (docs/DESIGN.md §5 step 6b): `fontd text-spacing`.
enum TextSpacingPreference: ReaderPreference {
    static let commandName = "text-spacing"
    static let noun = "text spacing"
    static let abstract = "Show or set the reader's text spacing (default, or wcag: WCAG 1.4.12's spacing) on a fontd server."
    static let values = "default or wcag."
    static func parse(_ text: String) throws(DynamicTypeError) -> TextSpacing { try TextSpacing(parsing: text) }
    static func value(in preferences: Preferences) -> TextSpacing { preferences.textSpacing }
    static func set(_ value: TextSpacing, with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.setPreferences(textSpacing: value)
    }
    static func clear(with client: FontdClient) async throws(FontdClientError) -> Preferences {
        try await client.clearPreferences(textSpacing: true)
    }
}
