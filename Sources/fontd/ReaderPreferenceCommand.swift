import ArgumentParser
import DynamicType
import FontdClient
import FontdCommandLine

/// `fontd legibility | text-spacing [get | set <value> | clear]`: one reader preference on a
/// server, the root scope's or, with `--scope`, a scope's (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
struct ReaderPreferenceCommand<Preference: CommandPreference>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Preference.commandName, abstract: Preference.abstract,
            subcommands: [Get.self, Set.self, Clear.self], defaultSubcommand: Get.self)
    }

    struct Get: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "get", abstract: "Print the reader's \(Preference.declaration.noun).")
        }

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            let preferences = try await client.command { client throws(FontdClientError) in try await client.preferences() }
            if json { return try Output.printJSON(preferences) }
            Output.printLine(Preference.shown(preferences.values[Preference.preference]))
        }
    }

    struct Set: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "set", abstract: "Set the reader's \(Preference.declaration.noun); every subscriber hears of the change.")
        }

        @Argument(help: ArgumentHelp(Preference.values)) var value: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let value = try Preference.declaration.parse(value)
            let changed = try scope.parsed()
            let client = try options.client(scope: changed, token: token.resolved)
            let before = try await client.command { client throws(FontdClientError) in try await client.preferences() }
            let after = try await client.command { client throws(FontdClientError) in
                try await client.setPreference(Preference.preference, to: value)
            }
            if json { return try Output.printJSON(after) }
            let (now, was) = (Preference.shown(after.values[Preference.preference]), Preference.shown(before.values[Preference.preference]))
            Output.printLine(after.sequence == before.sequence ? "\(now) (unchanged)" : "\(now) (was \(was))")
            await DesktopFollowers.printSentence(
                client: client, scope: changed, textSize: DesktopFollowers.carried.contains(Preference.preference))
        }
    }

    struct Clear: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "clear",
                abstract: "Clear a scope's own \(Preference.declaration.noun), so that it inherits its parent's again.",
                discussion: clearsToNone
                    ? "Without --scope, the root's \(Preference.declaration.noun) becomes none. Prints the \(Preference.declaration.noun) the scope has now."
                    : "Needs --scope: the root scope has nothing to inherit from. Prints the \(Preference.declaration.noun) the scope has now."
            )
        }

        /// Whether the root's value can be cleared too: a preference that starts as none (the
        /// reading font) is none again, as `PUT /preferences` with `null` makes it.
        static var clearsToNone: Bool { Preference.declaration.initialValue.isEmpty }

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let cleared = try Self.clearsToNone ? scope.parsed() : scope.clearable()
            let client = try options.client(scope: cleared, token: token.resolved)
            let preferences = try await client.command { client throws(FontdClientError) in
                try await client.clearPreferences([Preference.preference])
            }
            if json { return try Output.printJSON(preferences) }
            let shown = Preference.shown(preferences.values[Preference.preference])
            Output.printLine(cleared.isRoot ? shown : "\(shown) (inherited)")
        }
    }
}
