import DynamicType

/// The stylesheet of docs/DESIGN.md §22 (The web): for each style of a table, in table order, custom
/// properties on `:root` and a class that reads them, after an `@font-face` for every face.
///
/// ```css
/// /* fontd: table "default", category xl, legibility regular */
/// @font-face { font-family: "DejaVu Sans"; src: local("DejaVu Sans"), local("DejaVuSans"); font-weight: 400; font-style: normal; font-stretch: 100%; }
/// :root {
///   --fontd-category: xl;
///   --fontd-scale: 1.118;
///   --fontd-body-font-family: "DejaVu Sans", sans-serif;
///   --fontd-body-font-size: 19px;
///   --fontd-body-line-height: 24px;
///   --fontd-body-font-weight: 400;
///   --fontd-body-letter-spacing: -0.46px;
///   --fontd-body-font: 400 19px/24px "DejaVu Sans", sans-serif;
/// }
/// .fontd-body { font: var(--fontd-body-font); letter-spacing: var(--fontd-body-letter-spacing); }
/// ```
///
/// Names follow CSS's own convention, kebab-case: `largeTitle` is `--fontd-large-title-font-size`
/// and `.fontd-large-title` (`TextStyle.cssName`). `unit` writes sizes and line heights in `px`
/// or `rem` (`CSSUnit`); numbers are written by `RoundedNumber`'s rule.
///
/// Everything from a table or a font is escaped for where it lands (`CSSEscaping`): family and
/// face names are CSS strings, style names parts of identifiers, the table name comment text.
/// Lines end with a newline, the last one too.
///
/// `fontFileBase` says where a browser fetches a face's file: `nil` writes no `url()` (only
/// `local()`), `""` writes `url("/font-files/<sha256>")`, and a base such as
/// `https://host:8686` (a trailing slash dropped) is written before `/font-files/`. A style
/// whose `fileHash` is `nil` never gets a `url()`.
public enum StyleSheet {
    /// The stylesheet for one category and legibility weight (`GET /css?category=xl`).
    public static func css(
        table: String, block: WebBlock, prefix: CSSPrefix, unit: CSSUnit = .standard, fontFileBase: String?, trim: CSSTrim = .standard
    ) -> String {
        let extras = extrasByStyle(in: [block])
        var lines = preamble(
            table: table, scope: block.summary, styles: block.styles, fontFileBase: fontFileBase)
        lines += rootRule(":root", block: block, prefix: prefix, unit: unit, extras: extras, trim: trim)
        lines += classRules(for: block.styles, prefix: prefix, extras: extras, trim: trim)
        return document(lines)
    }

    /// The stylesheet for every category (`GET /css?category=all`): `current`, the block for the
    /// reader's present preferences, under plain `:root` as the default, then each of `blocks`
    /// (every category at both legibility weights) under `:root[data-text-size="xl"]`, with
    /// `[data-bold-text]` added for legibility bold, and the class rules once. Every block has the
    /// same text spacing (the request's), so WCAG spacing's declarations are in all or none.
    ///
    /// A declaration that only some faces need (slant, width, variations, text spacing) is written in every
    /// block once any block needs it, with the normal value where the face has none, so that a
    /// block never inherits the default's value through the cascade.
    public static func cssAll(
        table: String, blocks: [WebBlock], current: WebBlock, prefix: CSSPrefix, unit: CSSUnit = .standard, fontFileBase: String?,
        trim: CSSTrim = .standard
    ) -> String {
        let everyBlock = [current] + blocks
        let extras = extrasByStyle(in: everyBlock)
        var lines = preamble(
            table: table,
            scope: "every category (default: \(current.category.rawValue), \(current.legibilityWeight.rawValue))\(current.spacingNote)",
            styles: everyBlock.flatMap(\.styles), fontFileBase: fontFileBase)
        lines += rootRule(":root", block: current, prefix: prefix, unit: unit, extras: extras, trim: trim)
        for block in blocks {
            // Attribute selectors of docs/DESIGN.md §22 (The web), which fontd.js sets on <html>.
            var selector = ":root[data-text-size=\(CSSEscaping.string(block.askedCategory.rawValue))]"
            if block.legibilityWeight == .bold { selector += "[data-bold-text]" }
            lines += rootRule(selector, block: block, prefix: prefix, unit: unit, extras: extras, trim: trim)
        }
        lines += classRules(for: current.styles, prefix: prefix, extras: extras, trim: trim)
        return document(lines)
    }

    // MARK: Parts

    /// The header comment, one `@font-face` per distinct face of `styles`, and one per installed
    /// face standing in for a web font (§32 (Capsize and metrics-exact web)).
    static func preamble(table: String, scope: String, styles: [WebStyle], fontFileBase: String?) -> [String] {
        ["/* fontd: table \"\(CSSEscaping.comment(table))\", \(scope) */"]
            + FontFaceRule.distinct(in: styles).map { $0.css(fontFileBase: fontFileBase) }
            + fallbackFaceRules(for: styles)
    }

    /// The lines joined, each ending with a newline.
    static func document(_ lines: [String]) -> String {
        lines.joined(separator: "\n") + "\n"
    }

    /// The name of a custom property: `--<prefix>-<style>-<suffix>`, the style kebab-case,
    /// escaped as one identifier.
    static func propertyName(_ prefix: CSSPrefix, _ style: TextStyle, _ suffix: String) -> String {
        "--" + CSSEscaping.identifier("\(prefix.rawValue)-\(style.cssName)-\(suffix)")
    }

    /// What each style needs beyond the six declarations, over all of `blocks`.
    private static func extrasByStyle(in blocks: [WebBlock]) -> [TextStyle: StyleValues.Extras] {
        var extras: [TextStyle: StyleValues.Extras] = [:]
        for style in blocks.lazy.flatMap(\.styles) {
            extras[style.definition.style, default: []].formUnion(StyleValues.Extras(style.font))
        }
        return extras
    }

    /// A rule setting the category, its text-scaling ratio and every style's custom properties.
    private static func rootRule(
        _ selector: String, block: WebBlock, prefix: CSSPrefix, unit: CSSUnit, extras: [TextStyle: StyleValues.Extras], trim: CSSTrim
    ) -> [String] {
        var lines = ["\(selector) {", "  --\(CSSEscaping.identifier("\(prefix.rawValue)-category")): \(block.category.rawValue);"]
        if let requested = block.requestedCategory {
            lines.append("  --\(CSSEscaping.identifier("\(prefix.rawValue)-requested-category")): \(requested.rawValue);")
        }
        if let ratio = block.textScalingRatio {
            lines.append("  --\(CSSEscaping.identifier("\(prefix.rawValue)-scale")): \(RoundedNumber(ratio));")
        }
        for style in block.styles {
            let name = style.definition.style
            let values = StyleValues(style, unit: unit)
            let needed = extras[name] ?? []
            var declarations = [
                ("font-family", values.fontFamily), ("font-size", values.fontSize), ("line-height", values.lineHeight),
                ("font-weight", values.fontWeight), ("letter-spacing", values.letterSpacing),
            ]
            if needed.contains(.fontStyle) { declarations.append(("font-style", values.fontStyle)) }
            if needed.contains(.fontStretch) { declarations.append(("font-stretch", values.fontStretch)) }
            if needed.contains(.variationSettings) { declarations.append(("font-variation-settings", values.fontVariationSettings)) }
            if needed.contains(.textSpacing) {
                declarations += [("word-spacing", values.wordSpacing), ("paragraph-spacing", values.paragraphSpacing)]
            }
            declarations.append(("font", values.font))
            declarations += trimDeclarations(style, trim: trim)
            lines += declarations.map { "  \(propertyName(prefix, name, $0.0)): \($0.1);" }
        }
        return lines + ["}"]
    }

    /// One class rule per style. `font` resets `font-stretch` and cannot carry a percentage, so
    /// the width is set after it; both it and the variations fall back to `normal`.
    private static func classRules(
        for styles: [WebStyle], prefix: CSSPrefix, extras: [TextStyle: StyleValues.Extras], trim: CSSTrim
    ) -> [String] {
        styles.map { style in
            let name = style.definition.style
            let needed = extras[name] ?? []
            var declarations = [
                "font: var(\(propertyName(prefix, name, "font")));",
                "letter-spacing: var(\(propertyName(prefix, name, "letter-spacing")));",
            ]
            if needed.contains(.fontStretch) {
                declarations.append("font-stretch: var(\(propertyName(prefix, name, "font-stretch")), normal);")
            }
            if needed.contains(.variationSettings) {
                declarations.append("font-variation-settings: var(\(propertyName(prefix, name, "font-variation-settings")), normal);")
            }
            // CSS has no paragraph spacing: `--…-paragraph-spacing` is for a page's own paragraph margins.
            if needed.contains(.textSpacing) {
                declarations.append("word-spacing: var(\(propertyName(prefix, name, "word-spacing")), normal);")
            }
            // After `font`, which resets `font-size-adjust`.
            if let adjustment = classAdjustment(style, trim: trim) { declarations.append(adjustment) }
            return ".\(CSSEscaping.identifier("\(prefix.rawValue)-\(name.cssName)")) { \(declarations.joined(separator: " ")) }"
        } + trimRules(for: styles, prefix: prefix, trim: trim)
    }
}
