/// What was found for a request: the matched face and its metrics at the requested size.
///
/// The body of `GET /font` and of `fontd query --json`; keys are written in declaration order.
public struct ResolvedFont: Hashable, Sendable, Codable {
    public var style: TextStyle
    public var category: ContentSizeCategory
    /// The category asked for, when a category range moved it (or could have): written only then.
    public var requestedCategory: ContentSizeCategory?
    /// The face the font system matched (JSON key `descriptor`).
    public var matchedFace: MatchedFace
    public var metrics: FontMetrics
    /// Variation axis values the metrics were measured at; only for variable faces.
    public var variations: [String: Double]?

    public init(
        style: TextStyle, category: ContentSizeCategory, requestedCategory: ContentSizeCategory? = nil, matchedFace: MatchedFace,
        metrics: FontMetrics, variations: [String: Double]? = nil
    ) {
        self.style = style
        self.category = category
        self.requestedCategory = requestedCategory
        self.matchedFace = matchedFace
        self.metrics = metrics
        self.variations = variations
    }

    private enum CodingKeys: String, CodingKey {
        case style, category, requestedCategory
        case matchedFace = "descriptor"
        case metrics, variations
    }
}

/// The face the font system answered with — what was got, not what was asked.
public struct MatchedFace: Hashable, Sendable, Codable {
    /// The face's first family name.
    public var family: String
    /// The face's first style name (`Bold`, `Oblique`).
    public var face: String
    public var postscriptName: String
    public var file: String
    /// The face's index in its file (collections, named instances).
    public var index: Int
    public var pointSize: Double
    /// The face's weight on the OpenType scale.
    public var weight: FontWeight
    /// The weight that was asked for.
    public var requestedWeight: FontWeight
    public var width: FontWidth
    public var slant: FontSlant
    /// From the face's own fixed-width flag, not from the request.
    public var spacing: FontSpacing
    public var traits: SymbolicTraits
    /// A concrete family was requested and the face belongs to none of them.
    public var fallback: Bool
    public var synthetic: SyntheticStyling

    public init(
        family: String, face: String, postscriptName: String, file: String, index: Int, pointSize: Double,
        weight: FontWeight, requestedWeight: FontWeight, width: FontWidth, slant: FontSlant, spacing: FontSpacing,
        traits: SymbolicTraits, fallback: Bool, synthetic: SyntheticStyling
    ) {
        self.family = family
        self.face = face
        self.postscriptName = postscriptName
        self.file = file
        self.index = index
        self.pointSize = pointSize
        self.weight = weight
        self.requestedWeight = requestedWeight
        self.width = width
        self.slant = slant
        self.spacing = spacing
        self.traits = traits
        self.fallback = fallback
        self.synthetic = synthetic
    }
}

/// Styling the renderer must fake because the face lacks it: emboldening and slanting.
public struct SyntheticStyling: Hashable, Sendable, Codable {
    public var bold: Bool
    public var oblique: Bool

    public init(bold: Bool, oblique: Bool) {
        self.bold = bold
        self.oblique = oblique
    }
}

/// A face's vertical metrics at a point size, in points, computed from design units
/// (never FreeType's pixel-rounded size metrics).
public struct FontMetrics: Hashable, Sendable, Codable {
    public var unitsPerEm: Int
    public var ascender: Double
    /// Below the baseline: negative.
    public var descender: Double
    public var lineGap: Double
    public var capHeight: Double
    public var xHeight: Double
    public var underlinePosition: Double
    public var underlineThickness: Double
    /// The style's line height after traits and the size cap.
    public var lineHeight: Double
    public var tracking: Double
    /// Word spacing to add, in points (WCAG text spacing only; absent otherwise).
    public var wordSpacing: Double?
    /// Space after a paragraph, in points (WCAG text spacing only; absent otherwise).
    public var paragraphSpacing: Double?
    /// How custom values scale at this category (UIFontMetrics).
    public var metricsScale: Double

    /// `lineHeight − (ascender − descender)`; negative when lines overlap the font's extent.
    ///
    /// Derived, so it can never disagree with the values it comes from; the JSON carries it
    /// all the same, for readers that do not compute it.
    public var leading: Double { lineHeight - (ascender - descender) }

    public init(
        unitsPerEm: Int, ascender: Double, descender: Double, lineGap: Double, capHeight: Double, xHeight: Double,
        underlinePosition: Double, underlineThickness: Double, lineHeight: Double, tracking: Double, wordSpacing: Double? = nil,
        paragraphSpacing: Double? = nil,
        metricsScale: Double
    ) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.underlinePosition = underlinePosition
        self.underlineThickness = underlineThickness
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.wordSpacing = wordSpacing
        self.paragraphSpacing = paragraphSpacing
        self.metricsScale = metricsScale
    }
}
