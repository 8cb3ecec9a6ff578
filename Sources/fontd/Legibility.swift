import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd legibility [get | set <weight>]`: the reader's "Bold Text" setting on a server.
struct Legibility: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legibility",
        abstract: "Show or set the reader's legibility weight (the \"Bold Text\" setting) on a fontd server.",
        subcommands: [Get.self, Set.self],
        defaultSubcommand: Get.self)

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the reader's legibility weight.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let preferences = try await options.client(token: token.resolved).command { client throws(FontdClientError) in try await client.preferences() }
            if json { return try Output.printJSON(preferences) }
            print(preferences.legibilityWeight.rawValue)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the reader's legibility weight; every subscriber hears of the change.")

        @Argument(help: "regular or bold.") var weight: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /preferences answers.") var json = false

        @MainActor
        func run() async throws {
            let weight = try LegibilityWeight(parsing: weight)
            let client = try options.client(token: token.resolved)
            let before = try await client.command { client throws(FontdClientError) in try await client.preferences() }
            let after = try await client.command { client throws(FontdClientError) in try await client.setPreferences(legibilityWeight: weight) }
            if json { return try Output.printJSON(after) }
            print(after.sequence == before.sequence
                ? "\(after.legibilityWeight.rawValue) (unchanged)"
                : "\(after.legibilityWeight.rawValue) (was \(before.legibilityWeight.rawValue))")
        }
    }
}
