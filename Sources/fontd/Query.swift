import ArgumentParser
import DynamicType
import FontResolution
import FontdCommandLine

/// `fontd query`: resolves one text style into a measured font, locally (with `--server`,
/// `fontd-remote` answers instead).
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve a text style into a concrete, measured font.",
        discussion: """
            Resolves locally through fontconfig and FreeType, or with --server on a running fontd serve \
            (where an omitted --category or --legibility follows the reader's current preferences). \
            Sizes and metrics are in points (1/72 inch).
            """)

    @OptionGroup var options: QueryOptions

    @Option(help: "A style table file instead of the default.")
    var styles: String?

    @Option(help: ArgumentHelp("Ask this fontd server (http://HOST:PORT) instead of resolving locally.", valueName: "url"))
    var server: String?

    func validate() throws {
        if server != nil {
            // fontd hands `query --server` to fontd-remote before parsing; this is only reached when that did not happen.
            throw ValidationError("--server is handled by \(RemoteCommand.executableName), which did not take over.")
        }
    }

    func run() throws {
        let query = try options.parsed()
        let request = FontRequest(
            style: query.style, category: query.category ?? .default, traits: query.traits,
            families: query.families.isEmpty ? nil : query.families, weight: query.weight,
            legibilityWeight: query.legibility ?? .regular, maximumPointSize: query.maximumPointSize)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 1)
        try options.print(resolver.resolveUncached(request))
    }
}
