import DynamicType
import FontResolution
import HTTPServer

extension FontService {
    /// Reduces a request to its cache key: parameters parsed into model values, omitted
    /// preferences filled in from `preferences`.
    func answerKey(
        for endpoint: Endpoint, parameters: QueryParameters, preferences: ReaderPreferences
    ) throws(FontServiceError) -> AnswerKey {
        switch endpoint {
        case .font:
            let style = try parameters.required(.style, of: endpoint, styleNamed)
            let (request, follows) = try fontRequest(style: style, parameters: parameters, preferences: preferences)
            return AnswerKey(subject: .font(request), followsPreferences: follows)
        case .fonts:
            let (template, follows) = try fontRequest(style: "", parameters: parameters, preferences: preferences)
            return AnswerKey(subject: .fonts(template: template), followsPreferences: follows)
        case .scale:
            let style = try parameters.required(.style, of: endpoint, styleNamed)
            let category = try parameters.value(.category, ContentSizeCategory.init(parsing:))
            // Checked, but it changes nothing: scaling follows the category alone, as UIFontMetrics's does.
            _ = try parameters.value(.legibility, LegibilityWeight.init(parsing:))
            let value = try parameters.required(.value, of: endpoint) { text throws(DynamicTypeError) in
                try parseNumber(text, parameter: "value", in: -1_000_000...1_000_000)
            }
            return AnswerKey(
                subject: .scale(style: style, category: category ?? preferences.category, value: value),
                followsPreferences: category == nil)
        case .faces:
            return AnswerKey(subject: .faces(family: parameters[.family]), followsPreferences: false)
        case .styles:
            return AnswerKey(subject: .styles, followsPreferences: false)
        case .categories:
            return AnswerKey(subject: .categories, followsPreferences: false)
        case .healthz:
            return AnswerKey(subject: .healthz, followsPreferences: false)
        }
    }

    /// The table's spelling of the style called `name` (matched without case).
    private func styleNamed(_ name: String) throws(DynamicTypeError) -> TextStyle {
        try resolver.table.definition(of: TextStyle(name)).style
    }

    /// The options of `/font` and `/fonts` as a request, and whether it follows a preference
    /// (category or legibility omitted).
    private func fontRequest(
        style: TextStyle, parameters: QueryParameters, preferences: ReaderPreferences
    ) throws(FontServiceError) -> (FontRequest, followsPreferences: Bool) {
        let category = try parameters.value(.category, ContentSizeCategory.init(parsing:))
        let traits = try parameters.value(.traits, SymbolicTraits.init(parsing:)) ?? []
        let families = try parameters[.family].map(Self.familyList)
        let weight = try parameters.value(.weight) { text throws(DynamicTypeError) in try FontWeight(parsing: text) }
        let legibility = try parameters.value(.legibility, LegibilityWeight.init(parsing:))
        let maximumPointSize = try parameters.value(.maximumPointSize) { text throws(DynamicTypeError) in
            try parseNumber(text, parameter: "maximumPointSize", in: FontRequest.maximumPointSizeRange, lowerBoundIncluded: false)
        }
        let request = FontRequest(
            style: style, category: category ?? preferences.category, traits: traits, families: families, weight: weight,
            legibilityWeight: legibility ?? preferences.legibilityWeight, maximumPointSize: maximumPointSize)
        return (request, category == nil || legibility == nil)
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

    /// Computes the answer for `key` (a miss): resolves, lists or encodes, then builds the responses.
    func computeAnswer(for key: AnswerKey) throws(FontServiceError) -> CachedAnswer {
        let body: [UInt8]
        switch key.subject {
        case .font(let request):
            body = try encoded(resolveFont(request))
        case .fonts(let template):
            var fonts: [ResolvedFont] = []
            for definition in resolver.table.styles {
                var request = template
                request.style = definition.style
                fonts.append(try resolveFont(request))
            }
            body = try encoded(FontCollection(category: template.category, fonts: fonts))
        case .scale(let style, let category, let value):
            let factor: Double
            do {
                factor = try resolver.table.definition(of: style).metricsScale(at: category)
            } catch {
                throw .invalidValue(error)
            }
            body = try encoded(ScaledValue(value: value, factor: factor))
        case .faces(let family):
            body = try encoded(resolver.catalog.faces(family: family))
        case .styles:
            body = try encoded(resolver.table)
        case .categories:
            body = try encoded(ContentSizeCategory.listing)
        case .healthz:
            body = try encoded(HealthStatus())
        }
        return cachedAnswer(body: body, followsPreferences: key.followsPreferences)
    }

    private func resolveFont(_ request: FontRequest) throws(FontServiceError) -> ResolvedFont {
        do {
            try willResolve(request)
            return try resolver.resolve(request)
        } catch {
            let what = "\(request.style) at \(request.category.rawValue)"
            logger.error("resolution failed", metadata: ["request": "\(what)", "error": "\(error)"])
            throw .resolutionFailed(what: what, reason: "\(error)")
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
