import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd text-spacing [get | set <spacing> | clear]`: the reader's text spacing (WCAG 1.4.12) on
/// a server, the root scope's or, with `--scope`, a scope's (docs/DESIGN.md §10).
struct TextSpacingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text-spacing",
        abstract: "Show or set the reader's text spacing (default, or wcag: WCAG 1.4.12's spacing) on a fontd server.",
        subcommands: [Get.self, Set.self, Clear.self],
        defaultSubcommand: Get.self)

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the reader's text spacing.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            try await PreferenceRuns.get(client, json: json) { $0.textSpacing.rawValue }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the reader's text spacing; every subscriber hears of the change.")

        @Argument(help: "default or wcag.") var spacing: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let spacing = try TextSpacing(parsing: spacing)
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            try await PreferenceRuns.set(client, json: json, value: \.textSpacing.rawValue) {
                client throws(FontdClientError) in try await client.setPreferences(textSpacing: spacing)
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Clear a scope's own text spacing, so that it inherits its parent's again.",
            discussion: "Needs --scope: the root scope has nothing to inherit from. Prints the spacing the scope has now.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.clearable(), token: token.resolved)
            try await PreferenceRuns.clear(client, json: json, value: \.textSpacing.rawValue) {
                client throws(FontdClientError) in try await client.clearPreferences(textSpacing: true)
            }
        }
    }
}
