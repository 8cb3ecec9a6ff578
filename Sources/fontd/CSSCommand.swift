import ArgumentParser
import CommandLineCache
import DynamicType
import FontResolution
import FontdCommandLine
import WebDocuments

/// `fontd css`: the stylesheet `GET /css` answers, written locally for a build pipeline.
struct CSSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "css",
        abstract: "Write the stylesheet of every text style: custom properties and classes, or a Tailwind theme.",
        discussion: """
            The same bytes GET /css answers for the same table, fonts and options, with the reader at l, \
            regular and default text spacing (a local run has no reader). url()s to the font files appear only with --base-url: \
            --base-url http://127.0.0.1:8686 names that server's /font-files, --base-url '' writes the \
            relative url()s the server itself writes.
            """)

    @Option(help: "Content-size category: xs s m l xl xxl xxxl ax1…ax5, or all for every category under data-text-size (default l).")
    var category: String?

    @OptionGroup var range: CategoryRangeOptions

    @Option(help: "Legibility weight: regular or bold (default regular; not with --category all, which has both).")
    var legibility: String?

    @Option(help: "Text spacing: default (the table's) or wcag (WCAG 1.4.12's line height, letter, word and paragraph spacing).")
    var textSpacing: String?

    @Option(help: "The custom properties' and classes' prefix, [a-z][a-z0-9-]{0,31} (default fontd; not with --format tailwind).")
    var prefix: String?

    @Option(help: "css (custom properties and classes) or tailwind (a Tailwind v4 @theme block; not with --category all).")
    var format: String?

    @Option(help: "The unit of font sizes and line heights: px (default) or rem (px ÷ 16).")
    var unit: String?

    @Option(
        help:
            "Trim each style's box to its cap height and baseline: none (default), capsize (negative margins) or text-box (CSS text-box, margins where unsupported)."
    )
    var trim: String?

    @Option(
        help: ArgumentHelp(
            "An installed family the page loads as a web font: each style's installed face gets an @font-face adjusted to stand in for it.",
            valueName: "family"))
    var fallbackFor: String?

    @Option(help: "Where the font files are served, for url(): what comes before /font-files/<sha256>.")
    var baseURL: String?

    @Option(help: ArgumentHelp(StyleTableOption.help))
    var styles: String?

    func run() throws {
        let request = try stylesheet()
        AnswerInputs.recordStyleTable(explicit: styles)
        let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 64)
        AnswerInputs.record(resolver.fontconfigInputs)
        let base = baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        Output.write(Array(try WebDocuments(resolver: resolver).stylesheet(request, fontFileBase: base).utf8))
    }

    /// The options as the stylesheet they ask for, refused as `GET /css` refuses them.
    func stylesheet() throws -> WebDocuments.Stylesheet {
        do {
            return try WebDocuments.Stylesheet(
                category: category, legibility: legibility, textSpacing: textSpacing, prefix: prefix, format: format, unit: unit,
                trim: trim, fallbackFor: fallbackFor, range: try range.parsed(), defaults: .init())
        } catch let error as WebDocuments.Stylesheet.OptionError {
            throw error.commandLineRefusal
        }
    }
}
