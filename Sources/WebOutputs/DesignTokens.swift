import DynamicType

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The table at one category and legibility weight as design tokens in the Design Tokens
/// Community Group format, module 2025.10 (`GET /tokens`, `application/design-tokens+json`).
///
/// A group named after the table holds one `typography` token per style, in table order,
/// keyed by the style's name:
///
/// ```json
/// {"default": {"$description": "…", "body": {"$type": "typography", "$value": {"fontFamily": ["DejaVu Sans", "sans-serif"],
///   "fontSize": {"value": 19, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": -0.46, "unit": "px"},
///   "lineHeight": 1.263}, "$extensions": {"org.fontd": {"category": "xl", …}}}}}
/// ```
///
/// Rules followed: §5.1.1 (token and group names must not begin with `$` nor contain `{`, `}`
/// or `.`: such names are percent-escaped, `tokenName(_:)`), §9.8 (a typography value has exactly fontFamily, fontSize, fontWeight,
/// letterSpacing and lineHeight; lineHeight a number read as a multiple of fontSize), §8.2
/// (dimensions are `{"value", "unit"}` with unit `px` or `rem`), §8.3 (fontFamily a list of
/// names), §8.4 (fontWeight a number in 1…1000) and §5.2.3 (`$extensions` under a
/// reverse-domain key, here `org.fontd`).
public enum DesignTokens {
    /// The document's JSON, indented two spaces a level and ending with a newline.
    ///
    /// - Throws: `WebOutputsError.invalidTokenName` when two styles share a name; an
    ///   `EncodingError` for a number JSON cannot write (a point size of 0 would make lineHeight
    ///   infinite).
    public static func document(table: String, block: WebBlock) throws -> [UInt8] {
        var names: Set<String> = []
        for style in block.styles {
            let name = style.definition.style.rawValue
            guard names.insert(name).inserted else {
                throw WebOutputsError.invalidTokenName(name, reason: "two styles have this name, and a group names each token once")
            }
        }
        let document = Document(
            table: tokenName(table),
            description: "Text styles of the fontd table \"\(table)\" at content-size category "
                + "\(block.category.rawValue)\(block.requestedCategory.map { " (requested \($0.rawValue))" } ?? ""), "
                + "legibility weight \(block.legibilityWeight.rawValue)"
                + (block.textSpacing == .default ? "." : ", text spacing \(block.textSpacing.rawValue)."),
            tokens: block.styles.map { (name: tokenName($0.definition.style.rawValue), token: TypographyToken($0, in: block)) })
        return Array(try OrderedJSONEncoder(prettyPrinted: true).encode(document)) + [UInt8(ascii: "\n")]
    }

    /// `name` as a token or group name §5.1.1 allows: `%`, `{`, `}`, `.` and a leading `$`
    /// percent-escaped (`%25`, `%7B`, `%7D`, `%2E`, `%24`), every other character as it is.
    ///
    /// Escaped rather than refused: the name comes from the server's table, not the request, so
    /// refusing it would fail every request; escaping `%` too keeps two different names different
    /// (docs/DESIGN.md §22 (The web)).
    public static func tokenName(_ name: String) -> String {
        // Scalar by scalar: a '$' with a combining mark is one Character but still begins the name.
        var escaped = String.UnicodeScalarView()
        for (offset, scalar) in name.unicodeScalars.enumerated() {
            switch scalar {
            case "%": escaped.append(contentsOf: "%25".unicodeScalars)
            case "{": escaped.append(contentsOf: "%7B".unicodeScalars)
            case "}": escaped.append(contentsOf: "%7D".unicodeScalars)
            case ".": escaped.append(contentsOf: "%2E".unicodeScalars)
            case "$" where offset == 0: escaped.append(contentsOf: "%24".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The document: one group, named after the table, with a description and the tokens in order.
    private struct Document: Encodable {
        var table: String
        var description: String
        var tokens: [(name: String, token: TypographyToken)]

        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: AnyCodingKey.self)
            var group = root.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(table))
            try group.encode(description, forKey: AnyCodingKey("$description"))
            for (name, token) in tokens {
                try group.encode(token, forKey: AnyCodingKey(name))
            }
        }
    }
}
