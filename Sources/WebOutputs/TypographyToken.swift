import DynamicType

/// One style as a DTCG `typography` token (Design Tokens Format Module 2025.10 §9.8): the five
/// `$value` members the module defines, and fontd's own measurements under `$extensions`.
///
/// Encoded with `OrderedJSONEncoder`, so members are written in declaration order.
struct TypographyToken: Encodable {
    /// §9.8: `fontFamily`, `fontSize`, `fontWeight`, `letterSpacing`, `lineHeight`, and nothing else.
    struct Value: Encodable {
        /// §8.3: font names, most preferred first.
        var fontFamily: [String]
        var fontSize: Dimension
        /// §8.4: a number from 1 to 1000.
        var fontWeight: Double
        var letterSpacing: Dimension
        /// §9.8: a number, read as a multiple of `fontSize`.
        var lineHeight: Double
    }

    /// §8.2: a number and a unit, `px` or `rem`; fontd writes `px`, which are points.
    struct Dimension: Encodable {
        var value: Double
        var unit = "px"
    }

    /// §5.2.3: vendor data under a reverse-domain key.
    struct Extensions: Encodable {
        var fontd: Measurements

        private enum CodingKeys: String, CodingKey { case fontd = "org.fontd" }
    }

    /// What fontd resolved the style to, beyond what `$value` can say; lengths in points.
    struct Measurements: Encodable {
        var category: ContentSizeCategory
        /// Written only when a category range was given.
        var requestedCategory: ContentSizeCategory?
        var legibilityWeight: LegibilityWeight
        /// Only with WCAG text spacing, like the two values it brings.
        var textSpacing: TextSpacing?
        var file: String
        var ascender: Double
        var descender: Double
        var capHeight: Double
        var xHeight: Double
        var leading: Double
        var wordSpacing: Double?
        var paragraphSpacing: Double?
        /// Capsize's trims in em, four decimals, only when asked for (`trim=`; §32 (Capsize and metrics-exact web)).
        var capHeightTrim: ExactNumber?
        var baselineTrim: ExactNumber?
    }

    let type = "typography"
    var value: Value
    var extensions: Extensions

    private enum CodingKeys: String, CodingKey {
        case type = "$type"
        case value = "$value"
        case extensions = "$extensions"
    }

    /// The token for `style`, resolved at `block`'s category and legibility weight.
    init(_ style: WebStyle, in block: WebBlock) {
        let font = style.font
        let face = font.matchedFace
        value = Value(
            fontFamily: FontFamilyList(resolvedFamily: face.family, fallbacks: style.definition.families).names,
            fontSize: Dimension(value: face.pointSize),
            fontWeight: face.weight.rawValue,
            letterSpacing: Dimension(value: font.metrics.tracking),
            lineHeight: font.metrics.lineHeight / face.pointSize)
        extensions = Extensions(
            fontd: Measurements(
                category: block.category, requestedCategory: block.requestedCategory, legibilityWeight: block.legibilityWeight,
                textSpacing: block.textSpacing == .default ? nil : block.textSpacing, file: face.file,
                ascender: font.metrics.ascender, descender: font.metrics.descender, capHeight: font.metrics.capHeight,
                xHeight: font.metrics.xHeight, leading: font.metrics.writtenLeading,
                wordSpacing: font.metrics.wordSpacing, paragraphSpacing: font.metrics.paragraphSpacing,
                capHeightTrim: style.trim.map { ExactNumber($0.capHeightTrim) },
                baselineTrim: style.trim.map { ExactNumber($0.baselineTrim) }))
    }
}
