import DynamicType
import FontResolution
import WebOutputs

/// The web outputs of docs/DESIGN.md §22 (The web) for a resolver's table and fonts: what `GET /css` and
/// `GET /tokens` answer and what `fontd css` and `fontd tokens` write, byte for byte the same
/// for the same table, fonts and options.
///
/// Every style is resolved with the category, legibility, text spacing and reading font alone (no
/// traits or families): the same fonts `/fonts?category=…&legibility=…&textSpacing=…` lists. Any
/// thread may call.
public struct WebDocuments: Sendable {
    /// The form of a stylesheet.
    public enum Format: String, CaseIterable, Hashable, Sendable {
        /// Custom properties and classes (`--fontd-large-title-font-size`, `.fontd-large-title`).
        case css
        /// A Tailwind v4 `@theme` block (`--text-body`, `--text-body--line-height`).
        case tailwind
    }

    /// Which categories a stylesheet covers.
    public enum Categories: Hashable, Sendable {
        /// One category at one legibility weight.
        case one(ContentSizeCategory, LegibilityWeight)
        /// Every category at both weights, under `data-text-size` / `data-bold-text`, with the
        /// `default` preferences' block on plain `:root`.
        case all(default: ContentSizeCategory, LegibilityWeight)
    }

    /// A stylesheet as asked for; `Hashable`, so the answer cache can key it.
    public struct Stylesheet: Hashable, Sendable {
        public var categories: Categories
        public var prefix: CSSPrefix
        public var format: Format
        /// The text spacing every block is resolved with (`category=all`'s blocks too).
        public var textSpacing: TextSpacing
        /// Every category is answered within it; with `all`, each `data-text-size` block holds
        /// its category clamped.
        public var range: CategoryRange
        /// The reading font every block is resolved with (docs/DESIGN.md §33 (The reading font)); nil for the table's families.
        public var readingFont: String?
        /// The unit of sizes and line heights.
        public var unit: CSSUnit
        /// How each style's box is trimmed to its cap height and baseline (§32 (Capsize and metrics-exact web)).
        public var trim: CSSTrim
        /// A web font the page loads itself: each installed face gets an `@font-face` adjusted to
        /// stand in for it (§32 (Capsize and metrics-exact web)); nil for none.
        public var fallbackFor: String?

        public init(
            categories: Categories, prefix: CSSPrefix = .standard, format: Format = .css, textSpacing: TextSpacing = .default,
            range: CategoryRange = .unbounded, readingFont: String? = nil, unit: CSSUnit = .standard, trim: CSSTrim = .standard,
            fallbackFor: String? = nil
        ) {
            self.trim = trim
            self.fallbackFor = fallbackFor
            self.categories = categories
            self.prefix = prefix
            self.format = format
            self.textSpacing = textSpacing
            self.range = range
            self.readingFont = readingFont
            self.unit = unit
        }
    }

    let resolver: FontResolver

    public init(resolver: FontResolver) {
        self.resolver = resolver
    }

    /// The stylesheet `request` asks for. `fontFileBase` is what each `url()` starts with before
    /// `/font-files/<sha256>`: `""` for the server's own relative URLs, nil for no `url()` at all.
    public func stylesheet(_ request: Stylesheet, fontFileBase: String?) throws -> String {
        let table = resolver.table.name
        let spacing = request.textSpacing
        let range = request.range
        let reading = request.readingFont
        let unit = request.unit
        let measures = Measures(
            trim: request.trim, fallbackFor: try request.fallbackFor.map { try resolver.catalog.installedFamily(named: $0) })
        switch (request.categories, request.format) {
        case (.one(let category, let legibility), .css):
            return StyleSheet.css(
                table: table, block: try block(category, legibility, spacing, range, readingFont: reading, measures: measures),
                prefix: request.prefix, unit: unit, fontFileBase: fontFileBase, trim: request.trim)
        case (.one(let category, let legibility), .tailwind):
            return StyleSheet.tailwind(
                table: table, block: try block(category, legibility, spacing, range, readingFont: reading), unit: unit,
                fontFileBase: fontFileBase)
        case (.all(let category, let legibility), _):
            var blocks: [WebBlock] = []
            for each in ContentSizeCategory.allCases {
                blocks.append(try block(each, .regular, spacing, range, readingFont: reading, measures: measures))
                blocks.append(try block(each, .bold, spacing, range, readingFont: reading, measures: measures))
            }
            return StyleSheet.cssAll(
                table: table, blocks: blocks,
                current: try block(category, legibility, spacing, range, readingFont: reading, measures: measures),
                prefix: request.prefix, unit: unit, fontFileBase: fontFileBase, trim: request.trim)
        }
    }

    /// The design tokens (DTCG format 2025.10) of every style at `category` (clamped into
    /// `range`), `legibility`, `textSpacing` and `readingFont`.
    public func tokens(
        category: ContentSizeCategory, legibility: LegibilityWeight, textSpacing: TextSpacing = .default, range: CategoryRange = .unbounded,
        readingFont: String? = nil, trim: CSSTrim = .standard
    ) throws -> [UInt8] {
        try DesignTokens.document(
            table: resolver.table.name,
            block: block(
                category, legibility, textSpacing, range, readingFont: readingFont, measures: Measures(trim: trim, fallbackFor: nil)))
    }

    /// The specimen page of every style at `category`, `legibility`, `textSpacing` and `readingFont`;
    /// `preview` when the category was asked for (the page then stays at it instead of following the reader).
    public func specimen(
        category: ContentSizeCategory, legibility: LegibilityWeight, textSpacing: TextSpacing = .default, range: CategoryRange = .unbounded,
        readingFont: String? = nil, preview: Bool, trim: CSSTrim = .standard
    ) throws -> String {
        SpecimenPage.html(
            table: resolver.table.name,
            block: try block(category, legibility, textSpacing, range, readingFont: readingFont, measures: Measures(trim: trim)),
            preview: preview, trim: trim)
    }

    /// What of §32 (Capsize and metrics-exact web) a block measures: Capsize's metrics of every face once a
    /// trim is asked for, and a web font's for each style when one is to be stood in for.
    struct Measures: Hashable {
        var trim: CSSTrim = .standard
        /// The web font's installed spelling.
        var fallbackFor: String?

        var capsize: Bool { trim != .none || fallbackFor != nil }
    }

    /// Every style of the table resolved at `category` clamped into `range`, `legibility`,
    /// `spacing` and `readingFont`, with its face's full name and, where it may have one, its file's hash.
    func block(
        _ category: ContentSizeCategory, _ legibility: LegibilityWeight, _ spacing: TextSpacing = .default,
        _ range: CategoryRange = .unbounded, readingFont: String? = nil, measures: Measures = Measures()
    ) throws -> WebBlock {
        let (category, requested) = range.apply(to: category)
        let styles = try resolver.table.styles.map { definition in
            let font = try resolver.resolve(
                FontRequest(
                    style: definition.style, category: category, legibilityWeight: legibility, textSpacing: spacing,
                    readingFont: readingFont))
            let face = font.matchedFace
            var style = WebStyle(
                definition: definition, font: font, fullName: resolver.catalog.fullName(of: face),
                fileHash: resolver.files.urlHash(file: face.file, index: face.index))
            if measures.capsize { style.capsize = try resolver.capsizeMetrics(of: font).metrics }
            if let family = measures.fallbackFor {
                let web = try resolver.resolve(
                    FontRequest(
                        style: definition.style, category: category, families: [family], legibilityWeight: legibility, textSpacing: spacing)
                )
                style.webFont = WebStyle.WebFont(family: family, metrics: try resolver.capsizeMetrics(of: web).metrics)
            }
            return style
        }
        return WebBlock(
            category: category, requestedCategory: requested, legibilityWeight: legibility, textSpacing: spacing, styles: styles,
            textScalingRatio: textScalingRatios[category])
    }

    /// The text-scaling ratios of the table's `body` (docs/DESIGN.md §26 (The desktop bridge), The desktop bridge), or
    /// of the default table's when it has none.
    private var textScalingRatios: CategoryTable<Double> {
        resolver.table.textScalingRatios ?? TypeScaling.categoryScales
    }
}
