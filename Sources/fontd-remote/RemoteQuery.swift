import ArgumentParser
import FontdClient
import FontdCommandLine

/// `fontd query --server URL`: the font a server resolves, printed as the local `query` prints it.
struct RemoteQuery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Resolve a text style into a concrete, measured font on a fontd server.",
        discussion: "An omitted --category or --legibility follows the reader's current preferences. Sizes and metrics are in points (1/72 inch).")

    @OptionGroup var options: QueryOptions
    @OptionGroup var server: ServerOptions

    @Option(help: .hidden)
    var styles: String?

    func validate() throws {
        if styles != nil {
            throw ValidationError("--styles applies to local resolution; a server answers from the table it loaded. Give one of --styles and --server.")
        }
    }

    func run() async throws {
        let query = try options.parsed()
        let font = try await server.client().command { client throws(FontdClientError) in
            try await client.font(
                query.style, category: query.category, traits: query.traits, families: query.families, weight: query.weight,
                legibility: query.legibility, maximumPointSize: query.maximumPointSize)
        }
        try options.print(font)
    }
}
