import Foundation

extension FontdClient {
    /// The reader's preferences and the sequence of the last change (`GET /preferences`).
    public func preferences() async throws(FontdClientError) -> Preferences {
        try await get("/preferences")
    }

    /// Sets the category, the legibility weight or both (`PUT /preferences`); answers the
    /// preferences after the change. Needs the server's token when it has one.
    ///
    /// Only what changes produces events; setting a value it already has changes nothing.
    @discardableResult
    public func setPreferences(
        category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil
    ) async throws(FontdClientError) -> Preferences {
        let body = encoded(PreferencesUpdate(category: category, legibilityWeight: legibilityWeight))
        return try decode(Preferences.self, from: await send("PUT", "/preferences", body: body), path: "/preferences")
    }

    /// The reader's category and the sequence of the last change (`GET /category`).
    public func category() async throws(FontdClientError) -> CategoryPreference {
        try await get("/category")
    }

    /// Sets the reader's category (`PUT /category`); answers it with the one it replaced.
    /// Needs the server's token when it has one.
    @discardableResult
    public func setCategory(_ category: ContentSizeCategory) async throws(FontdClientError) -> CategoryChange {
        let body = encoded(PreferencesUpdate(category: category))
        return try decode(CategoryChange.self, from: await send("PUT", "/category", body: body), path: "/category")
    }

    private func encoded(_ update: PreferencesUpdate) -> Data {
        // The encoder refuses only non-finite numbers, and an update holds none.
        (try? OrderedJSONEncoder().encode(update)) ?? Data("{}".utf8)
    }
}
