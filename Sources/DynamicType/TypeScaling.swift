/// How a scaled style's cells at the eleven other categories follow from its `l` cell
/// (`"scaling"` in the style table; docs/DESIGN.md §4 (The style table)).
///
/// Each category has a scale: the default table's `body` size at it ÷ at `l`, exact. Size and
/// line height go through the same conversion; tracking keeps its em value.
public enum TypeScaling: String, CaseIterable, Hashable, Sendable, Codable {
    /// Android 14's non-linear font scaling: small text grows with the scale, large text less
    /// (`FontScaleConverter.android14(_:scale:)`).
    case android14
    /// Every length × the category's scale.
    case linear

    /// The scale of each category: `Styles/default.json`'s `body` sizes (14, 15, …, 53) ÷ its
    /// size at `l` (17), the ratios `TextScalingRatios` reads from that table.
    ///
    /// Kept here rather than read from the file so that loading a table never reads another;
    /// DefaultStyleTableTests pins them to the file.
    public static let categoryScales = CategoryTable<Double> { category in
        let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        return bodySizes[category.ordinal] / 17
    }

    /// `points`, a size or line height at `l`, at text scale `scale`.
    public func convert(_ points: Double, scale: Double) -> Double {
        switch self {
        case .linear: points * scale
        case .android14: FontScaleConverter.android14(points, scale: scale)
        }
    }

    /// The cell at `category` of a style whose cell at `l` is `large`.
    public func cell(at category: ContentSizeCategory, from large: TextStyleSize) -> TextStyleSize {
        let scale = Self.categoryScales[category]
        let size = convert(large.size, scale: scale)
        return TextStyleSize(
            size: size, lineHeight: convert(large.lineHeight, scale: scale),
            tracking: large.tracking * size / large.size, variations: large.variations)
    }

    /// Every category's cell of a style whose cell at `l` is `large`.
    public func sizes(from large: TextStyleSize) -> CategoryTable<TextStyleSize> {
        CategoryTable { category in category == .large ? large : cell(at: category, from: large) }
    }
}
