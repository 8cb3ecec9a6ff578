import DynamicType
import HTTPServer
import WebOutputs

extension FontService {
    /// `GET /` (docs/DESIGN.md §7 (HTTP endpoints)): the index, a page for browsers or, for `Accept:
    /// application/json`, the same as JSON. It names the reader's category, so it follows the
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
        let page = Array(IndexPage.html(index).utf8)
        return .response(cachedAnswer(body: page, followsPreferences: true, contentType: Self.htmlContentType, extraFields: vary)
            .reply(to: context))
    }

    /// Whether an `Accept` field (RFC 9110 §12.5.1) ranks JSON above HTML: `application/json` (or
    /// `application/*`) with a higher weight than `text/html`'s (`text/*`, `*/*`). Without the
    /// field, or on a tie, a browser's page.
    static func prefersJSON(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var json = (weight: 0.0, specificity: -1), html = (weight: 0.0, specificity: -1)
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
