#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DynamicType

/// The table at one category and legibility weight as design tokens in the Design Tokens
/// Community Group format, module 2025.10 (`GET /tokens`, `application/design-tokens+json`).
///
/// A group named after the table holds one `typography` token per style, in table order,
/// keyed by the style's name:
///
/// ```json
/// {"default": {"$description": "…", "body": {"$type": "typography", "$value": {"fontFamily": ["DejaVu Sans", "sans-serif"],
///   "fontSize": {"value": 19, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": -0.46, "unit": "px"},
///   "lineHeight": 1.263157894736842}, "$extensions": {"org.fontd": {"category": "xl", …}}}}}
/// ```
///
/// Rules followed: §5.1.1 (token and group names must not begin with `$` nor contain `{`, `}`
/// or `.`), §9.8 (a typography value has exactly fontFamily, fontSize, fontWeight,
/// letterSpacing and lineHeight; lineHeight a number read as a multiple of fontSize), §8.2
/// (dimensions are `{"value", "unit"}` with unit `px` or `rem`), §8.3 (fontFamily a list of
/// names), §8.4 (fontWeight a number in 1…1000) and §5.2.3 (`$extensions` under a
/// reverse-domain key, here `org.fontd`).
public enum DesignTokens {
    /// The document's JSON, indented two spaces a level and ending with a newline.
    ///
    /// - Throws: `WebOutputsError.invalidTokenName` when the table's name or a style's name
    ///   breaks §5.1.1, or two styles share a name; an `EncodingError` for a number JSON cannot
    ///   write (a point size of 0 would make lineHeight infinite).
    public static func document(table: String, block: WebBlock) throws -> [UInt8] {
        try validate(table)
        var names: Set<String> = []
        for style in block.styles {
            let name = style.definition.style.rawValue
            try validate(name)
            guard names.insert(name).inserted else {
                throw WebOutputsError.invalidTokenName(name, reason: "two styles have this name, and a group names each token once")
            }
        }
        let document = Document(
            table: table,
            description: "Text styles of the fontd table \"\(table)\" at content-size category "
                + "\(block.category.rawValue)\(block.requestedCategory.map { " (requested \($0.rawValue))" } ?? ""), "
                + "legibility weight \(block.legibilityWeight.rawValue)"
                + (block.textSpacing == .default ? "." : ", text spacing \(block.textSpacing.rawValue)."),
            tokens: block.styles.map { (name: $0.definition.style.rawValue, token: TypographyToken($0, in: block)) })
        return Array(try OrderedJSONEncoder(prettyPrinted: true).encode(document)) + [UInt8(ascii: "\n")]
    }

    /// Refuses a name that §5.1.1 forbids for tokens and groups.
    private static func validate(_ name: String) throws(WebOutputsError) {
        if name.hasPrefix("$") {
            throw .invalidTokenName(name, reason: "it begins with '$', which the format keeps for its own properties")
        }
        if let forbidden = name.first(where: { "{}.".contains($0) }) {
            throw .invalidTokenName(name, reason: "it contains '\(forbidden)', which the format keeps for references")
        }
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
