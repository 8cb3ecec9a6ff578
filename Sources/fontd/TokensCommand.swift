import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontService
import FontdCommandLine
import WebOutputs

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
        let category = try category.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) } ?? .default
        let legibility = try legibility.map { text throws(DynamicTypeError) in try LegibilityWeight(parsing: text) } ?? .regular
        let spacing = try textSpacing.map { text throws(DynamicTypeError) in try TextSpacing(parsing: text) } ?? .default
        let range = try range.parsed()
        let trim: CSSTrim
        do { trim = try CSSTrim.parsed(self.trim) } catch {
            throw ValidationError("Invalid trim '\(self.trim ?? "")'; use one of: \(CSSTrim.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        AnswerInputs.recordStyleTable(explicit: styles)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 64)
        AnswerInputs.record(resolver.fontconfigInputs)
        Output.write(try WebDocuments(resolver: resolver).tokens(category: category, legibility: legibility, textSpacing: spacing, range: range, trim: trim))
    }
}
