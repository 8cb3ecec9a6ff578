/// The answer of `GET /capsize` and `fontd capsize`: one resolved style's Capsize trims, its size
/// and line height, and its face's metrics in `@capsizecss/metrics`' shape (docs/DESIGN.md §32
/// (Capsize and metrics-exact web)). Keys are written in declaration order; the trims with their
/// four decimals (`ExactNumber`), every other length by §6 (Answer documents)'s rule.
public struct CapsizeAnswer: Hashable, Sendable, Codable {
    public var style: TextStyle
    public var category: ContentSizeCategory
    /// The category asked for, when a category range was given.
    public var requestedCategory: ContentSizeCategory?
    /// The font size, points = CSS px.
    public var fontSize: Double
    /// Which vertical metrics `metrics` holds: the ones the renderer lays lines out with.
    public var metricsSource: CapsizeMetricsSource
    /// In em, four decimals.
    public var capHeightTrim: Double
    /// In em, four decimals.
    public var baselineTrim: Double
    /// The style's line height, points = CSS px.
    public var lineHeight: Double
    public var metrics: CapsizeMetrics

    public init(font: ResolvedFont, metrics: CapsizeMetrics, source: CapsizeMetricsSource) {
        style = font.style
        category = font.category
        requestedCategory = font.requestedCategory
        fontSize = font.matchedFace.pointSize
        metricsSource = source
        let trim = CapsizeTrim(metrics: metrics, fontSize: fontSize, lineHeight: font.metrics.lineHeight)
        capHeightTrim = trim.capHeightTrim
        baselineTrim = trim.baselineTrim
        lineHeight = font.metrics.lineHeight
        self.metrics = metrics
    }

    private enum CodingKeys: String, CodingKey {
        case style, category, requestedCategory, fontSize, metricsSource, capHeightTrim, baselineTrim, lineHeight, metrics
    }

    /// Writes the trims exactly (they are already rounded to Capsize's four decimals).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(category, forKey: .category)
        try container.encodeIfPresent(requestedCategory, forKey: .requestedCategory)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(metricsSource, forKey: .metricsSource)
        try container.encode(ExactNumber(capHeightTrim), forKey: .capHeightTrim)
        try container.encode(ExactNumber(baselineTrim), forKey: .baselineTrim)
        try container.encode(lineHeight, forKey: .lineHeight)
        try container.encode(metrics, forKey: .metrics)
    }
}
