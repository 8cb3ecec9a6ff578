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
        let body = encoded(PreferencesUpdate(category: category, legibilityWeight: legibilityWeight, textSpacing: textSpacing))
        return try decode(Preferences.self, from: await send("PUT", "/preferences", query: scoped(), body: body), path: "/preferences")
    }

    /// Clears the scope's own category, legibility weight, text spacing or several (`PUT /preferences` with
    /// `null`), so that it inherits them from its parent again (docs/DESIGN.md §10); answers the
    /// scope's preferences after the change. A scope whose every value is cleared is deleted.
    ///
    /// - Throws: `.invalidCall` without sending anything when neither is asked for, or when the
    ///   client is of the root scope, which has nothing to inherit from.
    @discardableResult
    public func clearPreferences(
        category: Bool = false, legibilityWeight: Bool = false, textSpacing: Bool = false
    ) async throws(FontdClientError) -> Preferences {
        guard !scope.isRoot else {
            throw .invalidCall("The root scope's preferences cannot be cleared: it has no parent to inherit from; set a value instead, or use a client of a scope such as alice/phone.")
        }
        guard category || legibilityWeight || textSpacing else {
            throw .invalidCall("Nothing to clear; ask to clear the category, the legibility weight, the text spacing or several.")
        }
        // Explicit nulls: an absent field keeps the scope's value, null clears it.
        let fields = [(category, "category"), (legibilityWeight, "legibilityWeight"), (textSpacing, "textSpacing")]
            .filter(\.0).map { "\"\($0.1)\":null" }
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
    public func setCategory(_ category: ContentSizeCategory) async throws(FontdClientError) -> CategoryChange {
        let body = encoded(PreferencesUpdate(category: category))
        return try decode(CategoryChange.self, from: await send("PUT", "/category", query: scoped(), body: body), path: "/category")
    }

    private func encoded(_ update: PreferencesUpdate) -> Data {
        // The encoder refuses only non-finite numbers, and an update holds none.
        (try? OrderedJSONEncoder().encode(update)) ?? Data("{}".utf8)
    }
}
