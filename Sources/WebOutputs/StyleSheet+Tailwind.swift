import DynamicType

extension StyleSheet {
    /// The table at one category and legibility weight as a Tailwind CSS v4 `@theme` block
    /// (`GET /css?format=tailwind`), after the same header and `@font-face` rules as `css`.
    ///
    /// Each style defines Tailwind's own theme variables, so `font-body` and `text-body` work
    /// as utilities: `--font-<style>` (the family list) and `--text-<style>` (the size) with its
    /// sub-keys `--line-height`, `--letter-spacing` and `--font-weight`, the ones Tailwind's
    /// `text-*` utility reads (tailwindcss `packages/tailwindcss/src/utilities.ts`). There is no
    /// prefix: the names are Tailwind's, kebab-case as Tailwind's own theme keys are
    /// (`--text-large-title`, so the utility is `text-large-title`). Slant, width and variations
    /// have no theme key; the `@font-face` rules still describe the face. `unit` as in `css`.
    public static func tailwind(table: String, block: WebBlock, unit: CSSUnit = .standard, fontFileBase: String?) -> String {
        var lines = preamble(table: table, scope: block.summary, styles: block.styles, fontFileBase: fontFileBase)
        lines.append("@theme {")
        for style in block.styles {
            let values = StyleValues(style, unit: unit)
            let name = style.definition.style.cssName
            let text = "--" + CSSEscaping.identifier("text-" + name)
            lines += [
                "  --\(CSSEscaping.identifier("font-" + name)): \(values.fontFamily);",
                "  \(text): \(values.fontSize);",
                "  \(text)--line-height: \(values.lineHeight);",
                "  \(text)--letter-spacing: \(values.letterSpacing);",
                "  \(text)--font-weight: \(values.fontWeight);",
            ]
        }
        lines.append("}")
        return document(lines)
    }
}
