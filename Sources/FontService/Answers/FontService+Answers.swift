import DynamicType
import FontResolution
import HTTPServer
import WebOutputs

extension FontService {
    /// `/font`'s request: the style, the options, and omitted preferences filled in.
    func fontRequest(_ context: RequestContext) throws(FontServiceError) -> FontRequest {
        let style = try context.parameters.required(.style, styleNamed)
        var request = try fontTemplate(context)
        request.style = style
        return request
    }

    /// The options of `/font` and `/fonts` as a request for no style in particular, omitted
    /// preferences filled in from the reader's.
    func fontTemplate(_ context: RequestContext) throws(FontServiceError) -> FontRequest {
        let parameters = context.parameters
        let preferences = try parameters.readerPreferences(over: context.preferences)
        let traits = try parameters.value(.traits, SymbolicTraits.init(parsing:)) ?? []
        let families = try parameters[.family].map(Self.familyList)
        let weight = try parameters.value(.weight) { text throws(DynamicTypeError) in try FontWeight(parsing: text) }
        let maximumPointSize = try parameters.value(.maximumPointSize) { text throws(DynamicTypeError) in
            try parseNumber(text, parameter: "maximumPointSize", in: FontRequest.maximumPointSizeRange, lowerBoundIncluded: false)
        }
        let range = try parameters.categoryRange(within: context.preferences)
        return FontRequest(
            style: "", category: preferences.category, traits: traits, families: families, weight: weight,
            legibilityWeight: preferences.legibilityWeight, maximumPointSize: maximumPointSize, textSpacing: preferences.textSpacing,
            readingFont: preferences.readingFont.family
        ).clamped(to: range)
    }

    /// What `/scale` asks: a value to scale for a style at a category.
    struct ScaleRequest: Hashable, Sendable {
        var style: TextStyle
        var category: ContentSizeCategory
        var value: Double
    }

    /// `/scale`'s request, the omitted category filled in from the reader's, then clamped (the
    /// answer has no category to report the asked one beside).
    func scaleRequest(_ context: RequestContext) throws(FontServiceError) -> ScaleRequest {
        let parameters = context.parameters
        let style = try parameters.required(.style, styleNamed)
        // All checked, but only the category counts: scaling follows it alone, as UIFontMetrics's does.
        let category = try parameters.readerPreferences(over: context.preferences).category
        let value = try parameters.required(.value) { text throws(DynamicTypeError) in
            try parseNumber(text, parameter: "value", in: -1_000_000...1_000_000)
        }
        let range = try parameters.categoryRange(within: context.preferences)
        return ScaleRequest(style: style, category: range.clamp(category), value: value)
    }

    /// The table's spelling of the style called `name` (matched without case).
    private func styleNamed(_ name: String) throws(DynamicTypeError) -> TextStyle {
        try resolver.table.definition(of: TextStyle(name)).style
    }

    /// `family=`'s comma-separated names, most preferred first, without surrounding spaces
    /// (fontconfig ignores spaces in family names anyway).
    private static func familyList(_ text: String) throws(FontServiceError) -> [String] {
        let names = text.split(separator: ",").map(trimmed).filter { !$0.isEmpty }
        guard !names.isEmpty else { throw .invalidValue(.emptyFamilyList) }
        return names
    }

    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    /// Every style of the table resolved with `template`'s options: `/fonts`'s answer.
    func fontCollection(_ template: FontRequest) throws(FontServiceError) -> FontCollection {
        var fonts: [ResolvedFont] = []
        for definition in resolver.table.styles {
            var request = template
            request.style = definition.style
            fonts.append(try resolveFont(request))
        }
        return FontCollection(category: template.category, requestedCategory: template.requestedCategory, fonts: fonts)
    }

    /// `/scale`'s answer: the value times the style's metrics scale at the category.
    func scaledValue(_ request: ScaleRequest) throws(FontServiceError) -> ScaledValue {
        do {
            return ScaledValue(
                value: request.value, factor: try resolver.table.definition(of: request.style).metricsScale(at: request.category))
        } catch {
            throw .invalidValue(error)
        }
    }

    func resolveFont(_ request: FontRequest) throws(FontServiceError) -> ResolvedFont {
        do {
            try willResolve(request)
            return try resolver.resolve(request)
        } catch {
            let what = "\(request.style) at \(request.category.rawValue)"
            logger.error("resolution failed", metadata: ["request": "\(what)", "error": "\(error)"])
            throw .resolutionFailed(what: what, reason: "\(error)")
        }
    }

    /// `/capsize`'s answer: the font `/font` answers, measured as Capsize measures (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
    func capsizeAnswer(_ request: FontRequest) throws(FontServiceError) -> CapsizeAnswer {
        let font = try resolveFont(request)
        do {
            let (metrics, source) = try resolver.capsizeMetrics(of: font)
            return CapsizeAnswer(font: font, metrics: metrics, source: source)
        } catch {
            throw .resolutionFailed(what: "\(request.style) at \(request.category.rawValue)", reason: "\(error)")
        }
    }

    /// An answer's JSON; a value the encoder refuses (a non-finite number) is logged and
    /// answered as an internal error rather than sent as broken JSON.
    func encoded<Value: Encodable>(_ value: Value) throws(FontServiceError) -> [UInt8] {
        do {
            return Array(try OrderedJSONEncoder().encode(value))
        } catch {
            logger.error("encoding failed", metadata: ["type": "\(Value.self)", "error": "\(error)"])
            throw .resolutionFailed(what: "the answer", reason: "it could not be written as JSON (\(error)).")
        }
    }
}

extension FontService {
    /// `GET /` (docs/DESIGN.md §7 (HTTP endpoints)): for a browser the reader's control page
    /// (docs/DESIGN.md §37 (The reader's control)), for `Accept: application/json` the index of every
    /// endpoint. Each names the reader's category, so it follows the
    /// preferences (`no-cache`); it varies by `Accept`, so it is made per request, never kept by a
    /// loop's remembered targets (which know the target alone).
    func indexAnswer(_ context: RequestContext) throws(FontServiceError) -> HTTPReply {
        let preferences = context.preferences
        let index = ServiceIndex(
            table: resolver.table.name, category: preferences.category, legibilityWeight: preferences.legibilityWeight,
            textSpacing: preferences.textSpacing,
            endpoints: Self.routes.routes.map { route in
                ServiceIndex.Endpoint(
                    path: route.displayPath, methods: route.methods, summary: route.summary,
                    example: route.matchesPrefix ? nil : route.example)
            })
        let vary = [(name: "Vary", value: "Accept")]
        if Self.prefersJSON(context.request.header("Accept")) {
            return .response(cachedAnswer(body: try encoded(index), followsPreferences: true, extraFields: vary).reply(to: context))
        }
        let page = Array(
            ControlPage.html(
                .init(
                    index: index, readingFont: preferences.readingFont.rawValue, families: resolver.catalog.familyNames(),
                    minimumCategory: preferences.minimumCategory, maximumCategory: preferences.maximumCategory)
            ).utf8)
        return .response(
            cachedAnswer(body: page, followsPreferences: true, contentType: Self.htmlContentType, extraFields: vary)
                .reply(to: context))
    }

    /// Whether an `Accept` field (RFC 9110 §12.5.1) ranks JSON above HTML: `application/json` (or
    /// `application/*`) with a higher weight than `text/html`'s (`text/*`, `*/*`). Without the
    /// field, or on a tie, a browser's page.
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var json = (weight: 0.0, specificity: -1)
        var html = (weight: 0.0, specificity: -1)
        for element in accept.split(separator: ",") {
            let parts = element.split(separator: ";").map { part in
                String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
            }
            guard let range = parts.first else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            // The most specific range that names a type decides its weight (RFC 9110 §12.5.1).
            if let specificity = Self.specificity(of: range, for: "application/json"), specificity > json.specificity {
                json = (weight, specificity)
            }
            if let specificity = Self.specificity(of: range, for: "text/html"), specificity > html.specificity {
                html = (weight, specificity)
            }
        }
        return json.weight > html.weight
    }

    /// How specifically the media range `range` names `type`: 2 exactly, 1 by its top-level type
    /// (`text/*`), 0 by `*/*`; nil when it does not.
    private static func specificity(of range: String, for type: String) -> Int? {
        if range == type { return 2 }
        if range == "*/*" { return 0 }
        let topLevel = type.split(separator: "/").first.map(String.init) ?? type
        return range == topLevel + "/*" ? 1 : nil
    }
}
