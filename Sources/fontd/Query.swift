import ArgumentParser
import DynamicType
import FontResolution
import FontdClient
import Foundation

/// `fontd query`: resolves one text style into a measured font, locally or on a server.
struct Query: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve a text style into a concrete, measured font.",
        discussion: """
            Resolves locally through fontconfig and FreeType, or with --server on a running fontd serve \
            (where an omitted --category or --legibility follows the reader's current preferences). \
            Sizes and metrics are in points (1/72 inch).
            """)

    @Argument(help: "The text style, e.g. body, headline, largeTitle.")
    var style: String

    @Option(help: "Content-size category: xs s m l xl xxl xxxl ax1…ax5 (Apple's names work too); default l, or the reader's with --server.")
    var category: String?

    @Option(help: "Comma-separated traits: bold, italic, condensed, expanded, monospace, tightLeading, looseLeading.")
    var traits: String = ""

    @Option(help: "A family to use instead of the style's (repeat for fallbacks, most preferred first).")
    var family: [String] = []

    @Option(parsing: .unconditional, help: "A weight from 1 to 1000, or a name such as semibold; replaces the style's weight.")
    var weight: String?

    @Option(help: "The reader's legibility weight: regular or bold (the \"Bold Text\" setting); default regular, or the reader's with --server.")
    var legibility: String?

    @Option(name: .customLong("maximum-point-size"), parsing: .unconditional, help: "Cap the point size; line height and tracking scale with it.")
    var maximumPointSize: String?

    @Option(help: "A style table file instead of the default.")
    var styles: String?

    @Flag(help: "Print the answer as JSON, exactly as GET /font answers.")
    var json = false

    @Option(help: ArgumentHelp("Ask this fontd server (http://HOST:PORT) instead of resolving locally.", valueName: "url"))
    var server: String?

    func validate() throws {
        if server != nil, styles != nil {
            throw ValidationError("--styles applies to local resolution; a server answers from the table it loaded. Give one of --styles and --server.")
        }
    }

    func run() async throws {
        let category = try category.map { text throws(DynamicTypeError) in try ContentSizeCategory(parsing: text) }
        let legibility = try legibility.map { text throws(DynamicTypeError) in try LegibilityWeight(parsing: text) }
        let traits = try SymbolicTraits(parsing: traits)
        let weight = try weight.map { text throws(DynamicTypeError) in try FontWeight(parsing: text) }
        let maximumPointSize = try maximumPointSize.map { text throws(DynamicTypeError) in
            try parseNumber(text, parameter: "maximum point size", in: FontRequest.maximumPointSizeRange, lowerBoundIncluded: false)
        }
        let font: ResolvedFont
        if let server {
            let client = FontdClient(baseURL: try FontdClient.baseURL(parsing: server))
            font = try await client.command { client throws(FontdClientError) in
                try await client.font(
                    TextStyle(style), category: category, traits: traits, families: family, weight: weight,
                    legibility: legibility, maximumPointSize: maximumPointSize)
            }
        } else {
            let request = FontRequest(
                style: TextStyle(style), category: category ?? .default, traits: traits, families: family.isEmpty ? nil : family,
                weight: weight, legibilityWeight: legibility ?? .regular, maximumPointSize: maximumPointSize)
            let resolver = try FontResolver(table: StyleTable.locate(explicit: styles), cacheEntries: 1)
            font = try resolver.resolveUncached(request)
        }
        if json { return try Output.printJSON(font) }
        Self.printTable(font)
    }

    /// The answer for people: a heading line, then one row per field.
    static func printTable(_ font: ResolvedFont) {
        let face = font.descriptor
        let metrics = font.metrics
        print("\(font.style) at \(font.category.rawValue): \(face.family) \(face.face), \(Output.points(face.pointSize)) pt")
        let traitsText = face.traits.names.isEmpty ? "none" : face.traits.names.joined(separator: ", ")
        var synthetic = [face.synthetic.bold ? "bold" : nil, face.synthetic.oblique ? "oblique" : nil].compactMap { $0 }
        if synthetic.isEmpty { synthetic = ["none"] }
        Output.printTable(header: ["field", "value"], rows: [
            ["file", "\(face.file) (face \(face.index))"],
            ["postscript name", face.postscriptName],
            ["weight", "\(Output.points(face.weight.rawValue)) (asked \(Output.points(face.requestedWeight.rawValue)))"],
            ["width", Output.points(face.width.rawValue)],
            ["slant", face.slant.rawValue],
            ["spacing", face.spacing.rawValue],
            ["traits", traitsText],
            ["fallback", face.fallback ? "yes (no face of the requested family)" : "no"],
            ["synthetic", synthetic.joined(separator: ", ")],
            ["line height", Output.points(metrics.lineHeight)],
            ["leading", Output.points(metrics.leading)],
            ["tracking", Output.points(metrics.tracking)],
            ["ascender", Output.points(metrics.ascender)],
            ["descender", Output.points(metrics.descender)],
            ["line gap", Output.points(metrics.lineGap)],
            ["cap height", Output.points(metrics.capHeight)],
            ["x-height", Output.points(metrics.xHeight)],
            ["underline", "\(Output.points(metrics.underlinePosition)) (thickness \(Output.points(metrics.underlineThickness)))"],
            ["units per em", "\(metrics.unitsPerEm)"],
            ["metrics scale", Output.points(metrics.metricsScale, decimals: 4)],
        ])
    }
}
