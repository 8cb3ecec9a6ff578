import DynamicType

/// Every style of a table at one category and legibility weight, in table order: what one
/// `:root` block of a stylesheet, or one token group, is written from.
public struct WebBlock: Hashable, Sendable {
    /// The category every style was resolved at.
    public var category: ContentSizeCategory
    /// The category asked for, when a category range was given: `category` is it clamped.
    public var requestedCategory: ContentSizeCategory?
    /// The legibility weight ("Bold Text") every style was resolved with.
    public var legibilityWeight: LegibilityWeight
    /// The text spacing every style was resolved with.
    public var textSpacing: TextSpacing
    /// The table's styles, in table order, each resolved at `category` and `legibilityWeight`.
    public var styles: [WebStyle]
    /// The text-scaling ratio of `category` (docs/DESIGN.md §26 (The desktop bridge), The desktop bridge), written as
    /// `--fontd-scale`; nil writes none.
    public var textScalingRatio: Double?

    /// A block of `styles`, which the caller resolved at `category`, `legibilityWeight` and
    /// `textSpacing`; `textScalingRatio` is `category`'s.
    public init(
        category: ContentSizeCategory, requestedCategory: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight,
        textSpacing: TextSpacing = .default, styles: [WebStyle], textScalingRatio: Double? = nil
    ) {
        self.category = category
        self.requestedCategory = requestedCategory
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.styles = styles
        self.textScalingRatio = textScalingRatio
    }

    /// The category as asked, before any range: what a `data-text-size` selector matches.
    public var askedCategory: ContentSizeCategory { requestedCategory ?? category }

    /// `category … legibility …` for a header, with the asked category when a range was given
    /// and the text spacing when it is not the default.
    var summary: String {
        "category \(category.rawValue)\(requestedCategory.map { " (requested \($0.rawValue))" } ?? ""), "
            + "legibility \(legibilityWeight.rawValue)\(spacingNote)"
    }

    /// `, text spacing wcag` for a header; nothing at `default`, so those sheets stay as they were.
    var spacingNote: String {
        textSpacing == .default ? "" : ", text spacing \(textSpacing.rawValue)"
    }
}
