import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd legibility [get | set <weight> | clear]`: the reader's "Bold Text" setting on a server,
/// the root scope's or, with `--scope`, a scope's (docs/DESIGN.md §10).
struct Legibility: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legibility",
        abstract: "Show or set the reader's legibility weight (the \"Bold Text\" setting) on a fontd server.",
        subcommands: [Get.self, Set.self, Clear.self],
        defaultSubcommand: Get.self)

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the reader's legibility weight.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            try await PreferenceRuns.get(client, json: json) { $0.legibilityWeight.rawValue }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the reader's legibility weight; every subscriber hears of the change.")

        @Argument(help: "regular or bold.") var weight: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let weight = try LegibilityWeight(parsing: weight)
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            try await PreferenceRuns.set(client, json: json, value: \.legibilityWeight.rawValue) {
                client throws(FontdClientError) in try await client.setPreferences(legibilityWeight: weight)
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Clear a scope's own legibility weight, so that it inherits its parent's again.",
            discussion: "Needs --scope: the root scope has nothing to inherit from. Prints the weight the scope has now.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.clearable(), token: token.resolved)
            try await PreferenceRuns.clear(client, json: json, value: \.legibilityWeight.rawValue) {
                client throws(FontdClientError) in try await client.clearPreferences(legibilityWeight: true)
            }
        }
    }
}
