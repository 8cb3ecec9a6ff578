extension FontMetrics {
    /// The wire keys in the order they are written: `leading` between `lineHeight` and `tracking`,
    /// and WCAG text spacing's two, when present, after `tracking`.
    private enum CodingKeys: String, CodingKey {
        case unitsPerEm, ascender, descender, lineGap, capHeight, xHeight, underlinePosition, underlineThickness
        case lineHeight, leading, tracking, wordSpacing, paragraphSpacing, metricsScale
    }

    /// Reads the stored values; a `leading` in the document is not read, because it is derived
    /// from `lineHeight`, `ascender` and `descender`, and a server that rounded it differently
    /// (or left it out) should not make its answer unreadable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            unitsPerEm: try container.decode(Int.self, forKey: .unitsPerEm),
            ascender: try container.decode(Double.self, forKey: .ascender),
            descender: try container.decode(Double.self, forKey: .descender),
            lineGap: try container.decode(Double.self, forKey: .lineGap),
            capHeight: try container.decode(Double.self, forKey: .capHeight),
            xHeight: try container.decode(Double.self, forKey: .xHeight),
            underlinePosition: try container.decode(Double.self, forKey: .underlinePosition),
            underlineThickness: try container.decode(Double.self, forKey: .underlineThickness),
            lineHeight: try container.decode(Double.self, forKey: .lineHeight),
            tracking: try container.decode(Double.self, forKey: .tracking),
            wordSpacing: try container.decodeIfPresent(Double.self, forKey: .wordSpacing),
            paragraphSpacing: try container.decodeIfPresent(Double.self, forKey: .paragraphSpacing),
            metricsScale: try container.decode(Double.self, forKey: .metricsScale))
    }

    /// `leading` as fontd writes it: the written line height less the written ascender and
    /// descender (each by `RoundedNumber`'s rule), rounded, so that a document's own numbers add
    /// up and a reader that derives `leading` from them, as `init(from:)` does, writes it the same
    /// again (docs/DESIGN.md §6 (Answer documents), Answer documents). Within 0.002 pt of `leading`.
    public var writtenLeading: Double {
        let written = { (value: Double) in RoundedNumber(value).value }
        return written(written(lineHeight) - (written(ascender) - written(descender)))
    }

    /// Writes every value, `leading` included (as `writtenLeading`), in declaration order; the
    /// spacing values only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(unitsPerEm, forKey: .unitsPerEm)
        try container.encode(ascender, forKey: .ascender)
        try container.encode(descender, forKey: .descender)
        try container.encode(lineGap, forKey: .lineGap)
        try container.encode(capHeight, forKey: .capHeight)
        try container.encode(xHeight, forKey: .xHeight)
        try container.encode(underlinePosition, forKey: .underlinePosition)
        try container.encode(underlineThickness, forKey: .underlineThickness)
        try container.encode(lineHeight, forKey: .lineHeight)
        try container.encode(writtenLeading, forKey: .leading)
        try container.encode(tracking, forKey: .tracking)
        try container.encodeIfPresent(wordSpacing, forKey: .wordSpacing)
        try container.encodeIfPresent(paragraphSpacing, forKey: .paragraphSpacing)
        try container.encode(metricsScale, forKey: .metricsScale)
    }
}
