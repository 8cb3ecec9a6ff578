import DynamicType

/// One style's values as CSS writes them, whatever they are named: the stylesheet's custom
/// properties and the Tailwind theme are both written from these.
///
/// Lengths are `px`, which are points (docs/DESIGN.md §22 (The web)), or the size and line height in `rem`
/// when asked (`CSSUnit`); every number is written by `RoundedNumber`'s rule (§6 (Answer documents)).
struct StyleValues {
    /// Declarations beyond the six every style has, needed only by some faces.
    struct Extras: OptionSet, Hashable {
        let rawValue: Int
        /// The face is italic or oblique: `--…-font-style`.
        static let fontStyle = Extras(rawValue: 1 << 0)
        /// The face is not of normal width: `--…-font-stretch`, read by the class.
        static let fontStretch = Extras(rawValue: 1 << 1)
        /// The face is a variable font's instance: `--…-font-variation-settings`, read by the class.
        static let variationSettings = Extras(rawValue: 1 << 2)
        /// WCAG text spacing: `--…-word-spacing`, read by the class, and `--…-paragraph-spacing`.
        static let textSpacing = Extras(rawValue: 1 << 3)

        init(rawValue: Int) { self.rawValue = rawValue }

        /// What `font`'s face needs beyond the six.
        init(_ font: ResolvedFont) {
            var extras: Extras = []
            if font.matchedFace.slant != .roman { extras.insert(.fontStyle) }
            if font.matchedFace.width != .normal { extras.insert(.fontStretch) }
            if !(font.variations ?? [:]).isEmpty { extras.insert(.variationSettings) }
            if font.metrics.wordSpacing != nil || font.metrics.paragraphSpacing != nil { extras.insert(.textSpacing) }
            self = extras
        }
    }

    let fontFamily: String
    let fontSize: String
    let lineHeight: String
    let fontWeight: String
    let letterSpacing: String
    /// `normal` without WCAG text spacing.
    let wordSpacing: String
    /// `0px` without WCAG text spacing.
    let paragraphSpacing: String
    /// `normal`, `italic` or `oblique`.
    let fontStyle: String
    /// A percentage: `100%` is normal.
    let fontStretch: String
    /// `"opsz" 19, "wght" 400`, tags sorted; `normal` for a face without variations.
    let fontVariationSettings: String
    /// The `font` shorthand: `[italic|oblique] weight size/line-height family…`. It has no room
    /// for a width percentage or variations; the class sets those after it.
    let font: String

    /// `style`'s values, its size and line height in `unit`.
    init(_ style: WebStyle, unit: CSSUnit = .standard) {
        let face = style.font.matchedFace
        let pixels = CSSUnit.px
        let families = FontFamilyList(resolvedFamily: face.family, fallbacks: style.definition.families).css
        // A web font the page loads first, then the installed face adjusted to stand in for it (§32 (Capsize and metrics-exact web)).
        fontFamily =
            style.webFont.map { web in
                [web.family, StyleSheet.fallbackFamily(for: web.family)].map(CSSEscaping.string).joined(separator: ", ") + ", " + families
            } ?? families
        fontSize = unit.length(face.pointSize)
        lineHeight = unit.length(style.font.metrics.lineHeight)
        fontWeight = RoundedNumber(face.weight.rawValue).description
        letterSpacing = pixels.length(style.font.metrics.tracking)
        wordSpacing = style.font.metrics.wordSpacing.map(pixels.length) ?? "normal"
        paragraphSpacing = pixels.length(style.font.metrics.paragraphSpacing ?? 0)
        fontStyle = Self.keyword(for: face.slant)
        fontStretch = "\(RoundedNumber(face.width.rawValue))%"
        let variations = (style.font.variations ?? [:]).sorted { $0.key < $1.key }
        fontVariationSettings =
            variations.isEmpty
            ? "normal"
            : variations.map { "\(CSSEscaping.string($0.key)) \(RoundedNumber($0.value))" }.joined(separator: ", ")
        let slant = face.slant == .roman ? "" : fontStyle + " "
        font = "\(slant)\(fontWeight) \(fontSize)/\(lineHeight) \(fontFamily)"
    }

    /// The CSS `font-style` keyword for a slant.
    static func keyword(for slant: FontSlant) -> String {
        switch slant {
        case .roman: "normal"
        case .italic: "italic"
        case .oblique: "oblique"
        }
    }
}
