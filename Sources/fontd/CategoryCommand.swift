import ArgumentParser
import DesktopBridge
import FontdClient
import FontdCommandLine

/// `fontd category [get | set <category> | bigger | smaller | clear]`: the reader's content-size category on a
/// server, the root scope's or, with `--scope`, a scope's (docs/DESIGN.md §23 (Reader scopes and scoped tokens)). `get` and `set`
/// speak `/category` (and print its JSON); `clear` is every preference's.
struct CategoryCommand: AsyncParsableCommand {
    // `ReaderPreferenceCommand<0>` is the category's (its place in `ReaderPreference.allCases`): its help and
    // `clear` are every preference's.
    static let configuration = CommandConfiguration(
        commandName: ReaderPreferenceCommand<0>.declaration.commandName, abstract: ReaderPreferenceCommand<0>.abstract,
        subcommands: [Get.self, Set.self, Step<Bigger>.self, Step<Smaller>.self, ReaderPreferenceCommand<0>.Clear.self],
        defaultSubcommand: Get.self)

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "get", abstract: "Print the reader's category.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as GET /category answers.") var json = false

        @MainActor
        func run() async throws {
            let client = try options.client(scope: try scope.parsed(), token: token.resolved)
            let answer = try await client.command { client throws(FontdClientError) in try await client.category() }
            if json { return try Output.printJSON(answer) }
            Output.printLine(answer.category.rawValue)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set the reader's category; every subscriber hears of the change.")

        @Argument(
            help: ArgumentHelp(
                String(ReaderPreferenceCommand<0>.values.dropLast())
                    + ", or a text scale such as 1.5 or 150% (the nearest category by the desktop's ratios)."),
            completion: .list(ContentSizeCategory.allCases.map(\.rawValue)))
        var category: String
        @OptionGroup var options: ServerOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var token: TokenOptions
        @Flag(help: "Print JSON, exactly as PUT /category answers.") var json = false

        @MainActor
        func run() async throws {
            let scale = try TextScale(parsing: category)
            let changed = try scope.parsed()
            let client = try options.client(scope: changed, token: token.resolved)
            let chosen: ContentSizeCategory
            var note = ""
            if let scale {
                // The server's table gives the ratios, as its desktop bridge's are (docs/DESIGN.md §26 (The desktop bridge)).
                let table = try await client.command { client throws(FontdClientError) in try await client.styles() }
                let ratios = try TextScalingRatios.of(table)
                chosen = scale.category(in: ratios)
                note = ": " + scale.reason(in: ratios)
            } else {
                chosen = try ContentSizeCategory(parsing: category)
            }
            let change = try await client.command { client throws(FontdClientError) in try await client.setCategory(chosen) }
            if json { return try Output.printJSON(change) }
            Output.printLine(
                (change.previous == change.value
                    ? "\(change.value.rawValue) (unchanged)"
                    : "\(change.value.rawValue) (was \(change.previous.rawValue))") + note)
            await DesktopFollowers.printSentence(client: client, scope: changed)
        }
    }
}
