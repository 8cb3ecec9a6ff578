import ArgumentParser
import DynamicType
import FontdClient
import FontdCommandLine

/// `fontd legibility | text-spacing | reading-font | minimum-category | maximum-category [get | set <value> | clear]`:
/// one reader preference on a server, the root scope's or, with `--scope`, a scope's (docs/DESIGN.md §23 (Reader scopes
/// and scoped tokens)). The preference is the one at `ordinal` in `ReaderPreference.allCases`, so one type serves
/// every preference: its name, help, values and output all follow from the declaration (docs/DESIGN.md §10 (Reader
/// preferences)).
struct ReaderPreferenceCommand<let ordinal: Int>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: declaration.commandName, abstract: abstract,
            subcommands: [Get.self, Set.self, Clear.self], defaultSubcommand: Get.self)
    }

    /// The preference the command reads and changes.
    static var preference: ReaderPreference { ReaderPreference.allCases[ordinal] }

    static var declaration: ReaderPreference.Declaration { preference.declaration }

    /// The command's abstract.
    static var abstract: String { "Show or set the reader's \(declaration.description) on a fontd server." }

    /// A value as the commands print it: its raw value, `none` for none (no reading font).
    static func shown(_ value: String) -> String { value.isEmpty ? "none" : value }

    /// The values `set` takes, for its help: `regular or bold.`
    static var values: String {
        declaration.valuesHelp ?? declaration.allowedValues.dropLast().joined(separator: ", ") + " or "
            + (declaration.allowedValues.last ?? "") + "."
    }

    struct Get: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: "get", abstract: "Print the reader's \(ReaderPreferenceCommand.declaration.noun).")
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
            Output.printLine(ReaderPreferenceCommand.shown(preferences.values[ReaderPreferenceCommand.preference]))
        }
    }

    struct Set: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "set",
                abstract: "Set the reader's \(ReaderPreferenceCommand.declaration.noun); every subscriber hears of the change.")
        }

        @Argument(help: ArgumentHelp(ReaderPreferenceCommand.values)) var value: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let value = try ReaderPreferenceCommand.declaration.parse(value)
            let changed = try scope.parsed()
            let client = try options.client(scope: changed, token: token.resolved)
            let before = try await client.command { client throws(FontdClientError) in try await client.preferences() }
            let after = try await client.command { client throws(FontdClientError) in
                try await client.setPreference(ReaderPreferenceCommand.preference, to: value)
            }
            if json { return try Output.printJSON(after) }
            let (now, was) = (
                ReaderPreferenceCommand.shown(after.values[ReaderPreferenceCommand.preference]),
                ReaderPreferenceCommand.shown(before.values[ReaderPreferenceCommand.preference])
            )
            Output.printLine(after.sequence == before.sequence ? "\(now) (unchanged)" : "\(now) (was \(was))")
            await DesktopFollowers.printSentence(
                client: client, scope: changed, textSize: DesktopFollowers.carried.contains(ReaderPreferenceCommand.preference))
        }
    }

    struct Clear: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "clear",
                abstract: "Clear a scope's own \(ReaderPreferenceCommand.declaration.noun), so that it inherits its parent's again.",
                discussion: clearsToNone
                    ? "Without --scope, the root's \(ReaderPreferenceCommand.declaration.noun) becomes none. Prints the \(ReaderPreferenceCommand.declaration.noun) the scope has now."
                    : "Needs --scope: the root scope has nothing to inherit from. Prints the \(ReaderPreferenceCommand.declaration.noun) the scope has now."
            )
        }

        /// Whether the root's value can be cleared too: a preference that starts as none (the
        /// reading font) is none again, as `PUT /preferences` with `null` makes it.
        static var clearsToNone: Bool { ReaderPreferenceCommand.declaration.initialValue.isEmpty }

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let cleared = try Self.clearsToNone ? scope.parsed() : scope.clearable()
            let client = try options.client(scope: cleared, token: token.resolved)
            let preferences = try await client.command { client throws(FontdClientError) in
                try await client.clearPreferences([ReaderPreferenceCommand.preference])
            }
            if json { return try Output.printJSON(preferences) }
            let shown = ReaderPreferenceCommand.shown(preferences.values[ReaderPreferenceCommand.preference])
            Output.printLine(cleared.isRoot ? shown : "\(shown) (inherited)")
        }
    }
}
