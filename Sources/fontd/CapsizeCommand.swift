import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontdCommandLine

/// `fontd capsize`: a style's Capsize trims and metrics, resolved locally as `fontd query`
/// resolves it (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
struct CapsizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capsize",
        abstract: "Capsize's cap-height and baseline trims, and the face's metrics, for a text style.",
        discussion: """
            Resolves the style as fontd query does, then measures its face as @capsizecss/metrics does \
            (hhea, or OS/2 typo metrics when the font sets USE_TYPO_METRICS), at the variable instance. \
            --json prints what GET /capsize answers; its "metrics" object goes to @capsizecss/core unchanged.
            """)

    @OptionGroup var options: QueryOptions

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    func run() throws {
        let query = try options.parsed()
        let request = query.localRequest
        AnswerInputs.recordStyleTable(explicit: styles)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 1)
        AnswerInputs.record(resolver.fontconfigInputs)
        let font = try resolver.resolveUncached(request)
        let (metrics, source) = try resolver.capsizeMetrics(of: font)
        let answer = CapsizeAnswer(font: font, metrics: metrics, source: source)
        if options.json { return try Output.printJSON(answer) }
        Output.printCapsize(answer)
    }
}
