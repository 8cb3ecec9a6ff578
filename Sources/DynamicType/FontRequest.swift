/// What an application asks fontd for: a text style at a category, with options.
///
/// Two requests that mean the same thing are equal (traits are a set), so a request is a
/// cache key as it stands.
public struct FontRequest: Hashable, Sendable {
    public var style: TextStyle
    public var category: ContentSizeCategory
    /// The category asked for before a category range moved it to `category`; nil when no
    /// range was given. The answer carries it as `requestedCategory`.
    public var requestedCategory: ContentSizeCategory?
    public var traits: SymbolicTraits
    /// Replaces the style's families, so custom fonts follow Dynamic Type.
    public var families: [String]?
    /// Replaces the style's weight.
    public var weight: FontWeight?
    /// The reader's "Bold Text" setting.
    public var legibilityWeight: LegibilityWeight
    /// The reader's text spacing (WCAG 1.4.12).
    public var textSpacing: TextSpacing
    /// A cap on the point size; line height and tracking scale down with it.
    public var maximumPointSize: Double?
    /// The reader's reading font (docs/DESIGN.md §33 (The reading font)): a family put before the style's own, which
    /// stay as fallbacks; nil for the table's families. Not for a monospace request or style, nor
    /// a request that names `families`.
    public var readingFont: String?

    public init(
        style: TextStyle, category: ContentSizeCategory = .default, traits: SymbolicTraits = [],
        families: [String]? = nil, weight: FontWeight? = nil, legibilityWeight: LegibilityWeight = .regular,
        maximumPointSize: Double? = nil, textSpacing: TextSpacing = .default, requestedCategory: ContentSizeCategory? = nil,
        readingFont: String? = nil
    ) {
        self.style = style
        self.category = category
        self.requestedCategory = requestedCategory
        self.traits = traits
        self.families = families
        self.weight = weight
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.maximumPointSize = maximumPointSize
        self.readingFont = readingFont
    }

    /// The request with its category moved into `range` (and the asked one kept when a bound was given).
    public func clamped(to range: CategoryRange) -> FontRequest {
        var request = self
        (request.category, request.requestedCategory) = range.apply(to: category)
        return request
    }

    /// The valid range of `maximumPointSize`: greater than 0, at most 1000.
    public static let maximumPointSizeRange: ClosedRange<Double> = 0...1000
}
