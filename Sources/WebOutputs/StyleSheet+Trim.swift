import DynamicType

/// The metrics-exact parts of a stylesheet (docs/DESIGN.md §32 (Capsize and metrics-exact web)): each
/// style's Capsize trims and `font-size-adjust` ratios as custom properties, the `font-size-adjust`
/// its class applies, the rules that apply the trims, and the adjusted `@font-face` of an installed
/// face standing in for a web font.
extension StyleSheet {
    /// `text-box`'s value for a box trimmed to the cap height above and the alphabetic baseline below.
    static let textBox = "trim-both cap alphabetic"

    /// The custom properties `style` adds to a `:root` block with `trim`: its two trims in em and,
    /// without a web font (whose fallback face has its own overrides), `font-size-adjust` values
    /// from its face's cap height and x-height per em (four decimals, Capsize's precision):
    /// `--…-font-size-adjust: cap-height 0.729` and `--…-ex-height-adjust: ex-height 0.5469`, for a
    /// page that normalizes other faces to the ratio fontd measured.
    ///
    /// The classes apply `classAdjustment` instead: each browser takes a face's cap height its own
    /// way, so fontd's ratio would resize the resolved face itself (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
    static func trimDeclarations(_ style: WebStyle, trim: CSSTrim) -> [(String, String)] {
        guard trim != .none, let values = style.trim, let metrics = style.trimMetrics else { return [] }
        var declarations = [
            ("cap-height-trim", "\(formatNumber(values.capHeightTrim))em"), ("baseline-trim", "\(formatNumber(values.baselineTrim))em"),
        ]
        if style.webFont == nil {
            let ratio = { (value: Int) in formatNumber(CapsizeTrim.rounded(Double(value) / Double(metrics.unitsPerEm))) }
            declarations += [
                ("font-size-adjust", "cap-height \(ratio(metrics.capHeight))"), ("ex-height-adjust", "ex-height \(ratio(metrics.xHeight))"),
            ]
        }
        return declarations
    }

    /// The `font-size-adjust` a style's class applies with `trim` and without a web font:
    /// `cap-height from-font`, which each browser resolves to the cap height it itself reads from the
    /// resolved face, so that face is drawn at exactly its size while glyphs from fallback faces are
    /// scaled to that cap height. fontd's own ratio is not applied: Firefox takes the ascent as the cap
    /// height of a face whose OS/2 table is older than version 2 (DejaVu Sans: 50 px at 53 px, so
    /// `cap-height 0.729` drew it 21 % smaller), and Chromium the hinted `H` (0.7367 at 53 px, so
    /// 0.5 to 1 % smaller) (docs/DESIGN.md §32 (Capsize and metrics-exact web)).
    static func classAdjustment(_ style: WebStyle, trim: CSSTrim) -> String? {
        guard trim != .none, style.trim != nil, style.webFont == nil else { return nil }
        return "font-size-adjust: cap-height from-font;"
    }

    /// The rules that trim each style's box: Capsize's margins (`capsize`), or `text-box` where
    /// the browser has it and the margins where it does not (`text-box`).
    static func trimRules(for styles: [WebStyle], prefix: CSSPrefix, trim: CSSTrim) -> [String] {
        let trimmed = styles.filter { $0.trim != nil }
        guard trim != .none, !trimmed.isEmpty else { return [] }
        let margins = trimmed.flatMap { marginRules($0, prefix: prefix) }
        switch trim {
        case .none: return []
        case .capsize: return margins
        case .textBox:
            let boxes = trimmed.map { "  \(selector($0, prefix)) { text-box: \(textBox); }" }
            return ["@supports (text-box: \(textBox)) {"] + boxes + ["}", "@supports not (text-box: \(textBox)) {"]
                + margins.map { "  " + $0 } + ["}"]
        }
    }

    /// Capsize's two pseudo-elements: an empty table before the text whose negative bottom margin
    /// pulls the first line up to its cap height, and one after pulling the box up to the baseline.
    private static func marginRules(_ style: WebStyle, prefix: CSSPrefix) -> [String] {
        let name = style.definition.style
        let selector = selector(style, prefix)
        return [
            "\(selector)::before { content: \"\"; margin-bottom: var(\(propertyName(prefix, name, "cap-height-trim"))); display: table; }",
            "\(selector)::after { content: \"\"; margin-top: var(\(propertyName(prefix, name, "baseline-trim"))); display: table; }",
        ]
    }

    private static func selector(_ style: WebStyle, _ prefix: CSSPrefix) -> String {
        ".\(CSSEscaping.identifier("\(prefix.rawValue)-\(style.definition.style.cssName)"))"
    }

    /// The family an installed face is given when it stands in for the web font `family`: Capsize's name.
    static func fallbackFamily(for family: String) -> String { "\(family) Fallback" }

    /// One `@font-face` per distinct installed face that stands in for a web font: the face by its
    /// `local()` names, under the web font's fallback family, with the descriptors of
    /// `FallbackOverrides` and the face's weight, style and width so a browser picks it for the
    /// same styles.
    static func fallbackFaceRules(for styles: [WebStyle]) -> [String] {
        var seen: Set<FontFaceRule.Identity> = []
        return styles.compactMap { style in
            guard let web = style.webFont, let installed = style.capsize else { return nil }
            let rule = FontFaceRule(style)
            guard seen.insert(rule.identity).inserted else { return nil }
            let overrides = FallbackOverrides(web: web.metrics, fallback: installed)
            let identity = rule.identity
            return
                "@font-face { font-family: \(CSSEscaping.string(fallbackFamily(for: web.family))); src: \(rule.localSources.joined(separator: ", ")); "
                + "font-weight: \(RoundedNumber(identity.weight.rawValue)); font-style: \(StyleValues.keyword(for: identity.slant)); "
                + "font-stretch: \(RoundedNumber(identity.width.rawValue))%; "
                + "size-adjust: \(FallbackOverrides.percentage(overrides.sizeAdjust)); "
                + "ascent-override: \(FallbackOverrides.percentage(overrides.ascentOverride)); "
                + "descent-override: \(FallbackOverrides.percentage(overrides.descentOverride)); "
                + "line-gap-override: \(FallbackOverrides.percentage(overrides.lineGapOverride)); }"
        }
    }
}
