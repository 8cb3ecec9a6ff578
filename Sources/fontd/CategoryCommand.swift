import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd category [get | set <category>]`: the reader's content-size category on a server.
struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Show or set the reader's content-size category on a fontd server.",
        subcommands: [Get.self, Set.self],
        defaultSubcommand: Get.self)

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the reader's category.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /category answers.") var json = false

        @MainActor
        func run() async throws {
            let answer = try await options.client(token: token.resolved).command { client throws(FontdClientError) in try await client.category() }
            if json { return try Output.printJSON(answer) }
            print(answer.category.rawValue)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the reader's category; every subscriber hears of the change.")

        @Argument(help: "xs s m l xl xxl xxxl ax1…ax5 (Apple's names work too).") var category: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /category answers.") var json = false

        @MainActor
        func run() async throws {
            let category = try ContentSizeCategory(parsing: category)
            let change = try await options.client(token: token.resolved).command { client throws(FontdClientError) in
                try await client.setCategory(category)
            }
            if json { return try Output.printJSON(change) }
            print(change.previous == change.category
                ? "\(change.category.rawValue) (unchanged)"
                : "\(change.category.rawValue) (was \(change.previous.rawValue))")
        }
    }
}
