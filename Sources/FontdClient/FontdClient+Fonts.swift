import Foundation

extension FontdClient {
    /// The font for `style` (`GET /font`): the matched face and its metrics at the size the
    /// category gives the style, with `traits` applied.
    ///
    /// - Parameters:
    ///   - category: The content-size category; nil follows the reader's current one.
    ///   - range: Categories the layout accepts (UIKit's minimum and maximum content-size
    ///     category): the category is clamped into it, and the answer then has `requestedCategory`.
    ///   - families: Families to use instead of the style's, most preferred first.
    ///   - weight: A weight instead of the style's (1…1000).
    ///   - legibility: The "Bold Text" setting; nil follows the reader's current one.
    ///   - maximumPointSize: A cap on the size; line height and tracking shrink with it.
    ///   - textSpacing: WCAG text spacing or not; nil follows the reader's current one.
    public func font(
        _ style: TextStyle, category: ContentSizeCategory? = nil, range: CategoryRange = .unbounded, traits: SymbolicTraits = [],
        families: [String] = [], weight: FontWeight? = nil, legibility: LegibilityWeight? = nil, maximumPointSize: Double? = nil,
        textSpacing: TextSpacing? = nil, readingFont: ReadingFont? = nil
    ) async throws(FontdClientError) -> ResolvedFont {
        let options = Self.fontOptions(
            category: category, range: range, traits: traits, families: families, weight: weight, legibility: legibility,
            maximumPointSize: maximumPointSize, textSpacing: textSpacing, readingFont: readingFont)
        return try await get("/font", query: scoped([("style", style.rawValue)] + options))
    }

    /// Every style of the table at one category (`GET /fonts`), in the table's order, with
    /// the same options as `font`.
    public func fonts(
        category: ContentSizeCategory? = nil, range: CategoryRange = .unbounded, traits: SymbolicTraits = [],
        families: [String] = [], weight: FontWeight? = nil, legibility: LegibilityWeight? = nil, maximumPointSize: Double? = nil,
        textSpacing: TextSpacing? = nil
    ) async throws(FontdClientError) -> FontCollection {
        let options = Self.fontOptions(
            category: category, range: range, traits: traits, families: families, weight: weight, legibility: legibility,
            maximumPointSize: maximumPointSize, textSpacing: textSpacing)
        let data = try await send("GET", "/fonts", query: scoped(options))
        do {
            return try FontCollection(json: data)
        } catch {
            throw .invalidResponse(url: endpointDescription("/fonts"), reason: "the answer is not a FontCollection (\(Self.reason(error)))")
        }
    }

    /// `value` scaled for `style` at `category` (`GET /scale`), as UIFontMetrics scales a
    /// custom value such as a padding; nil follows the reader's current category, clamped into `range`.
    public func scale(
        _ value: Double, for style: TextStyle, category: ContentSizeCategory? = nil, range: CategoryRange = .unbounded
    ) async throws(FontdClientError) -> ScaledValue {
        var query = [(name: "style", value: style.rawValue)] + Self.categoryOptions(category, range)
        query.append(("value", formatNumber(value)))
        return try await get("/scale", query: scoped(query))
    }

    /// The server's style table (`GET /styles`).
    public func styles() async throws(FontdClientError) -> StyleTable {
        let data = try await send("GET", "/styles")
        do {
            return try StyleTable(json: data, source: endpointDescription("/styles"), mode: .tolerant)
        } catch {
            throw .invalidResponse(url: endpointDescription("/styles"), reason: "the answer is not a style table (\(error))")
        }
    }

    /// Every content-size category with its names, smallest first (`GET /categories`).
    public func categories() async throws(FontdClientError) -> [ContentSizeCategoryListing] {
        try await get("/categories")
    }

    /// The faces installed on the server's machine (`GET /faces`), only those of `family` when given.
    public func faces(family: String? = nil) async throws(FontdClientError) -> [InstalledFace] {
        try await get("/faces", query: family.map { [("family", $0)] } ?? [])
    }

    /// `GET /healthz`: answers while the service answers.
    public func health() async throws(FontdClientError) -> HealthStatus {
        try await get("/healthz")
    }

    /// The query parameters of `/font` and `/fonts` for the options given.
    static func fontOptions(
        category: ContentSizeCategory?, range: CategoryRange, traits: SymbolicTraits, families: [String], weight: FontWeight?,
        legibility: LegibilityWeight?, maximumPointSize: Double?, textSpacing: TextSpacing? = nil, readingFont: ReadingFont? = nil
    ) -> [(name: String, value: String)] {
        var query = categoryOptions(category, range)
        if !traits.isEmpty { query.append(("traits", traits.names.joined(separator: ","))) }
        if !families.isEmpty { query.append(("family", families.joined(separator: ","))) }
        if let weight { query.append(("weight", formatNumber(weight.rawValue))) }
        if let legibility { query.append(("legibility", legibility.rawValue)) }
        if let maximumPointSize { query.append(("maximumPointSize", formatNumber(maximumPointSize))) }
        if let textSpacing { query.append(("textSpacing", textSpacing.rawValue)) }
        if let readingFont { query.append(("readingFont", readingFont.rawValue)) }
        return query
    }

    /// `category`, `minimumCategory` and `maximumCategory`, for those given.
    static func categoryOptions(_ category: ContentSizeCategory?, _ range: CategoryRange) -> [(name: String, value: String)] {
        [("category", category), ("minimumCategory", range.minimum), ("maximumCategory", range.maximum)].compactMap { name, value in
            value.map { (name, $0.rawValue) }
        }
    }
}
