import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontdCommandLine
import WebDocuments

/// `fontd tokens`: the design tokens `GET /tokens` answers, written locally for a build pipeline.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Write every text style as a W3C design token (DTCG format 2025.10, typography).",
        discussion: "The same bytes GET /tokens answers for the same table, fonts and options.")

    @Option(help: "Content-size category: xs s m l xl xxl xxxl ax1…ax5 (default l).")
    var category: String?

    @OptionGroup var range: CategoryRangeOptions

    @Option(help: "Legibility weight: regular or bold (default regular).")
    var legibility: String?

    @Option(help: "Text spacing: default (the table's) or wcag (WCAG 1.4.12's).")
    var textSpacing: String?

    @Option(help: "none (default), or capsize or text-box: each token's $extensions carry Capsize's capHeightTrim and baselineTrim.")
    var trim: String?

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    func run() throws {
        let request = try tokens()
        AnswerInputs.recordStyleTable(explicit: styles)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 64)
        AnswerInputs.record(resolver.fontconfigInputs)
        Output.write(try WebDocuments(resolver: resolver).tokens(request))
    }

    /// The options as the tokens they ask for, refused as `GET /tokens` refuses them.
    func tokens() throws -> WebDocuments.Tokens {
        do {
            return try WebDocuments.Tokens(
                category: category, legibility: legibility, textSpacing: textSpacing, trim: trim, range: try range.parsed(),
                defaults: .init())
        } catch let error as WebDocuments.Stylesheet.OptionError {
            throw error.commandLineRefusal
        }
    }
}
