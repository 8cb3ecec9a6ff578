import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontdClient
import FontdCommandLine

/// `fontd query`: resolves one text style into a measured font, locally, or with `--server`
/// on a running `fontd serve`.
struct Query: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Resolve a text style into a concrete, measured font.",
        discussion: """
            Resolves locally through fontconfig and FreeType, or with --server on a running fontd serve \
            (where an omitted --category, --legibility or --text-spacing follows the reader's current preferences, or with \
            --scope a scope's). \
            Sizes and metrics are in points (1/72 inch).
            """)

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    @Option(help: ArgumentHelp("Ask this fontd server (http://HOST:PORT) instead of resolving locally.", valueName: "url"))
    var server: String?

    @OptionGroup var scope: ScopeOptions
    @OptionGroup var token: TokenOptions

    func validate() throws {
        if styles != nil, server != nil {
            throw ValidationError(
                "--styles applies to local resolution; a server answers from the table it loaded. Give one of --styles and --server.")
        }
        if server == nil, scope.scope != nil || token.isGiven {
            throw ValidationError(
                "--scope, --token and --token-file apply with --server (a scope's preferences live on a server); add --server URL.")
        }
    }

    /// On the main actor, as every command's `run` (see `CommandLineMain.run`).
    @MainActor
    func run() async throws {
        let query = try options.parsed()
        if let server {
            let client = try ServerOptions.client(server, scope: try scope.parsed(), token: token.resolved)
            let font = try await client.command { client throws(FontdClientError) in
                try await client.font(
                    query.style, category: query.category, range: query.range, traits: query.traits, families: query.families,
                    weight: query.weight, legibility: query.legibility, maximumPointSize: query.maximumPointSize,
                    textSpacing: query.textSpacing, readingFont: query.readingFont)
            }
            return try options.print(font)
        }
        let request = query.localRequest
        AnswerInputs.recordStyleTable(explicit: styles)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 1)
        AnswerInputs.record(resolver.fontconfigInputs)
        try options.print(resolver.resolveUncached(request))
    }
}
