import Foundation

extension FontdClient {
    /// The reader's preferences and the sequence of the last change (`GET /preferences`); for a
    /// scope, its effective preferences, naming those it `inherited`.
    public func preferences() async throws(FontdClientError) -> Preferences {
        try await get("/preferences", query: scoped())
    }

    /// Sets the category, the legibility weight, the text spacing or several (`PUT /preferences`); answers the
    /// preferences after the change. Needs the server's token when it has one.
    ///
    /// Only what changes produces events; setting a value it already has changes nothing. On a
    /// scope, this sets the scope's own values, which its descendants inherit.
    @discardableResult
    public func setPreferences(
        category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil, textSpacing: TextSpacing? = nil
    ) async throws(FontdClientError) -> Preferences {
        try await setPreferences(PerPreference(category: category, legibilityWeight: legibilityWeight, textSpacing: textSpacing))
    }

    /// Sets `preference` to the value `text` names (any of its names; `PUT /preferences`), answering
    /// the preferences after the change.
    ///
    /// - Throws: `.invalidCall` without sending anything when `text` names no value of the preference.
    @discardableResult
    public func setPreference(_ preference: ReaderPreference, to text: String) async throws(FontdClientError) -> Preferences {
        var values = PerPreference<String?>(repeating: nil)
        do { values[preference] = try preference.declaration.parse(text) } catch { throw .invalidCall(error.description) }
        return try await setPreferences(values)
    }

    /// Sends `update` (`PUT /preferences`), answering the preferences after the change.
    @discardableResult
    public func setPreferences(_ update: PerPreference<String?>) async throws(FontdClientError) -> Preferences {
        try decode(Preferences.self, from: await send("PUT", "/preferences", query: scoped(), body: encoded(update)), path: "/preferences")
    }

    /// Clears the scope's own category, legibility weight, text spacing or several (`PUT /preferences` with
    /// `null`), so that it inherits them from its parent again (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); answers the
    /// scope's preferences after the change. A scope whose every value is cleared is deleted.
    ///
    /// - Throws: `.invalidCall` without sending anything when neither is asked for, or when the
    ///   client is of the root scope, which has nothing to inherit from.
    @discardableResult
    public func clearPreferences(
        category: Bool = false, legibilityWeight: Bool = false, textSpacing: Bool = false
    ) async throws(FontdClientError) -> Preferences {
        let asked = [(category, ReaderPreference.category), (legibilityWeight, .legibilityWeight), (textSpacing, .textSpacing)]
        return try await clearPreferences(asked.filter(\.0).map(\.1))
    }

    /// Clears the scope's own value of each of `preferences` (`PUT /preferences` with `null`), so
    /// that it inherits them from its parent again (docs/DESIGN.md §23 (Reader scopes and scoped tokens)); answers the scope's
    /// preferences after the change. A scope whose every value is cleared is deleted. On the root
    /// scope, a preference that starts as none (the reading font) is none again.
    ///
    /// - Throws: `.invalidCall` without sending anything when `preferences` is empty, or when the
    ///   client is of the root scope, which has nothing to inherit from, and one of `preferences`
    ///   has a value there always (every preference but the reading font).
    @discardableResult
    public func clearPreferences(_ preferences: [ReaderPreference]) async throws(FontdClientError) -> Preferences {
        guard !scope.isRoot || preferences.allSatisfy({ $0.declaration.initialValue.isEmpty }) else {
            throw .invalidCall(
                "The root scope's preferences cannot be cleared: it has no parent to inherit from; set a value instead, or use a client of a scope such as alice/phone."
            )
        }
        guard !preferences.isEmpty else {
            let nouns = ReaderPreference.allCases.map { "the \($0.declaration.noun)" }
            throw .invalidCall("Nothing to clear; ask to clear \(nouns.joined(separator: ", ")) or several.")
        }
        // Explicit nulls: an absent field keeps the scope's value, null clears it.
        let fields = ReaderPreference.allCases.filter(preferences.contains).map { "\"\($0.wireName)\":null" }
        let body = Data("{\(fields.joined(separator: ","))}".utf8)
        return try decode(Preferences.self, from: await send("PUT", "/preferences", query: scoped(), body: body), path: "/preferences")
    }

    /// The reader's category and the sequence of the last change (`GET /category`).
    public func category() async throws(FontdClientError) -> CategoryPreference {
        try await get("/category", query: scoped())
    }

    /// Sets the reader's category (`PUT /category`); answers it with the one it replaced.
    /// Needs the server's token when it has one.
    @discardableResult
    public func setCategory(_ category: ContentSizeCategory) async throws(FontdClientError) -> PreferenceChange<ContentSizeCategory> {
        let body = encoded(PerPreference(category: category))
        let answer = try await send("PUT", "/category", query: scoped(), body: body)
        return try decode(PreferenceChange<ContentSizeCategory>.self, from: answer, path: "/category")
    }

    private func encoded(_ update: PerPreference<String?>) -> Data {
        // The encoder refuses only non-finite numbers, and an update holds none.
        (try? OrderedJSONEncoder().encode(update)) ?? Data("{}".utf8)
    }
}
