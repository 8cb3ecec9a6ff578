import FontdClient
import FontdCommandLine

/// What `fontd legibility` and `fontd text-spacing` do with their one preference of the scope's
/// `GET /preferences` answer: print it, set it, or clear it so that it inherits again.
enum PreferenceRuns {
    /// Prints the preference (`value` of the answer), or the whole answer with `json`.
    @MainActor
    static func get(_ client: FontdClient, json: Bool, value: (Preferences) -> String) async throws {
        let preferences = try await client.command { client throws(FontdClientError) in try await client.preferences() }
        if json { return try Output.printJSON(preferences) }
        print(value(preferences))
    }

    /// Makes `change`, then prints the value after it and the one before (`bold (was regular)`),
    /// or `(unchanged)`; or the answer of the PUT with `json`.
    @MainActor
    static func set(
        _ client: FontdClient, json: Bool, value: (Preferences) -> String,
        change: (FontdClient) async throws(FontdClientError) -> Preferences
    ) async throws {
        let before = try await client.command { client throws(FontdClientError) in try await client.preferences() }
        let after = try await client.command(change)
        if json { return try Output.printJSON(after) }
        print(after.sequence == before.sequence ? "\(value(after)) (unchanged)" : "\(value(after)) (was \(value(before)))")
    }

    /// Makes `clear`, then prints the value the scope inherits now, or the answer with `json`.
    @MainActor
    static func clear(
        _ client: FontdClient, json: Bool, value: (Preferences) -> String,
        clear: (FontdClient) async throws(FontdClientError) -> Preferences
    ) async throws {
        let preferences = try await client.command(clear)
        if json { return try Output.printJSON(preferences) }
        print("\(value(preferences)) (inherited)")
    }
}
