import DynamicType

/// Every style of a table at one category and legibility weight, in table order: what one
/// `:root` block of a stylesheet, or one token group, is written from.
public struct WebBlock: Hashable, Sendable {
    /// The category every style was resolved at.
    public var category: ContentSizeCategory
    /// The legibility weight ("Bold Text") every style was resolved with.
    public var legibilityWeight: LegibilityWeight
    /// The text spacing every style was resolved with.
    public var textSpacing: TextSpacing
    /// The table's styles, in table order, each resolved at `category` and `legibilityWeight`.
    public var styles: [WebStyle]

    /// A block of `styles`, which the caller resolved at `category`, `legibilityWeight` and `textSpacing`.
    public init(category: ContentSizeCategory, legibilityWeight: LegibilityWeight, textSpacing: TextSpacing = .default, styles: [WebStyle]) {
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.styles = styles
    }
}
