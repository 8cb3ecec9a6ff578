import ArgumentParser
import DynamicType

/// The options of `fontd query` that local resolution and a server share: the style and
/// what to do to it, read into model values.
public struct QueryOptions: ParsableArguments {
    @Argument(help: "The text style, e.g. body, headline, largeTitle.")
    public var style: String

    @Option(help: "Content-size category: xs s m l xl xxl xxxl ax1…ax5 (Apple's names work too); default l, or the reader's with --server.")
    public var category: Checked<ContentSizeCategory>?

    @OptionGroup public var range: CategoryRangeOptions

    @Option(help: "Comma-separated traits: bold, italic, condensed, expanded, monospace, tightLeading, looseLeading.")
    public var traits: String?

    @Option(help: "A family to use instead of the style's (repeat for fallbacks, most preferred first).")
    public var family: [String] = []

    @Option(parsing: .unconditional, help: "A weight from 1 to 1000, or a name such as semibold; replaces the style's weight.")
    public var weight: Checked<FontWeight>?

    @Option(
        help: "The reader's legibility weight: regular or bold (the \"Bold Text\" setting); default regular, or the reader's with --server."
    )
    public var legibility: Checked<LegibilityWeight>?

    @Option(
        name: .customLong("text-spacing"),
        help: "The reader's text spacing: default (the table's) or wcag (WCAG 1.4.12's); the reader's with --server.")
    public var textSpacing: Checked<TextSpacing>?

    @Option(
        name: .customLong("reading-font"),
        help: "A family every style is read in first (the reading font), '' for the table's own; the reader's with --server.")
    public var readingFont: Checked<ReadingFont>?

    @Option(
        name: .customLong("maximum-point-size"), parsing: .unconditional,
        help: "Cap the point size; line height and tracking scale with it.")
    public var maximumPointSize: Checked<MaximumPointSize>?

    @Flag(help: "Print the answer as JSON, exactly as GET /font answers.")
    public var json = false

    /// What `validate()` found, for `parsed()` to hand back.
    private var validated = Validated<Parsed>()

    public init() {}

    /// Every option checked, in the order `parsed()` takes them, before the command runs: a refusal
    /// is the model's sentence and exit status 1, as it was when `run()` found it. The result is
    /// kept, so the cross-option checks (the traits together, the range's ends, the families) run once.
    public mutating func validate() throws {
        validated.value = try checked()
    }

    /// The options as model values; nil for what was not given: what `validate()` found, or
    /// (options made without ArgumentParser) the same checks made now.
    public func parsed() throws(QueryOptionsError) -> Parsed {
        if let parsed = validated.value { return parsed }
        return try checked()
    }

    /// The options checked together. Each value was read once, when the command line was parsed
    /// (`Checked`); this gathers them and checks what only they together decide.
    private func checked() throws(QueryOptionsError) -> Parsed {
        let traitNames = try traits.map(Self.traitNames(in:)) ?? []
        do {
            return Parsed(
                style: TextStyle(style),
                category: try category?.value(),
                range: try range.parsed(),
                traits: try SymbolicTraits(names: traitNames),
                families: try checkedFamilies(),
                weight: try weight?.value(),
                legibility: try legibility?.value(),
                maximumPointSize: try maximumPointSize?.value().points,
                textSpacing: try textSpacing?.value(),
                readingFont: try readingFont?.value())
        } catch {
            throw .invalidValue(error)
        }
    }

    /// `--traits`'s comma-separated names without the spaces around each, so `'bold, italic'`
    /// works as people type it in a shell; an empty name (`''`, `bold,,italic`) is a mistake, not
    /// "no trait". (The API's `traits=` stays exact: `SymbolicTraits(parsing:)`.)
    static func traitNames(in list: String) throws(QueryOptionsError) -> [String] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { piece in
            var name = piece.drop(while: \.isWhitespace)
            while name.last?.isWhitespace == true { name.removeLast() }
            return String(name)
        }
        guard !names.contains(where: \.isEmpty) else {
            throw .emptyTraitName(list: list, allowed: SymbolicTraits.named.map(\.name))
        }
        return names
    }

    /// `--family`'s names as given, refusing an empty one (or one of spaces) as the API
    /// refuses `family=`: it would ask fontconfig for no family and silently get its default.
    private func checkedFamilies() throws(DynamicTypeError) -> [String] {
        guard family.allSatisfy({ name in name.contains { !$0.isWhitespace } }) else { throw .emptyFamilyList }
        return family
    }

    /// `fontd query`'s options, checked.
    public struct Parsed: Sendable {
        public var style: TextStyle
        public var category: ContentSizeCategory?
        public var range: CategoryRange
        public var traits: SymbolicTraits
        public var families: [String]
        public var weight: FontWeight?
        public var legibility: LegibilityWeight?
        public var maximumPointSize: Double?
        public var textSpacing: TextSpacing?
        public var readingFont: ReadingFont?

        /// The request to resolve locally: what is not given is the defaults a local run's reader
        /// has (`l`, `regular`, `default`, no reading font), clamped into the range.
        public var localRequest: FontRequest {
            FontRequest(
                style: style, category: category ?? .default, traits: traits, families: families.isEmpty ? nil : families,
                weight: weight, legibilityWeight: legibility ?? .regular, maximumPointSize: maximumPointSize,
                textSpacing: textSpacing ?? .default, readingFont: readingFont?.family
            ).clamped(to: range)
        }
    }

    /// Prints `font` as `--json` asks: the API's JSON, or a table for people.
    public func print(_ font: ResolvedFont) throws {
        if json { return try Output.printJSON(font) }
        Output.printFont(font)
    }
}
