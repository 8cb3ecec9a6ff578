import DynamicType

/// The text-scaling factor of each content-size category: the body size at the category ÷ the body
/// size at `l`, exact (14/17, 15/17, …, 53/17 in the default table; docs/DESIGN.md §26 (The desktop bridge)).
///
/// GNOME's `text-scaling-factor` maps to the category of the nearest ratio (1.25 → `xxl`); a
/// category maps back to its ratio rounded to two decimals, within the key's range (`ax2` → 1.94,
/// `ax5` → 3.0).
public struct TextScalingRatios: Sendable, Hashable {
    /// The values GNOME's schema allows for `text-scaling-factor`.
    public static let keyRange = 0.5...3.0

    /// Each category's ratio, exact.
    public let ratios: CategoryTable<Double>

    /// The ratios of `table`'s `body` style; nil when the table has no `body`.
    public init?(table: StyleTable) {
        guard let ratios = table.textScalingRatios else { return nil }
        self.ratios = ratios
    }

    /// The ratios of `table`'s `body` style, or of the default table's when `table` has none.
    ///
    /// - Throws: `StyleTableError` when the default table is needed and cannot be read;
    ///   `DesktopBridgeError.noBodyStyle` when it has no `body` either.
    public static func of(_ table: StyleTable) throws -> TextScalingRatios {
        if let ratios = TextScalingRatios(table: table) { return ratios }
        // The environment is left out so that FONTD_STYLES, which named `table`, is not read again.
        let defaultTable = try StyleTable.locate(explicit: nil, environment: [:])
        guard let ratios = TextScalingRatios(table: defaultTable) else { throw DesktopBridgeError.noBodyStyle(table: table.name) }
        return ratios
    }

    /// The ratio of `category`.
    public func ratio(of category: ContentSizeCategory) -> Double { ratios[category] }

    /// The category whose ratio is nearest `factor`; of two as near, the smaller.
    public func category(nearest factor: Double) -> ContentSizeCategory {
        var nearest = ContentSizeCategory.default
        var distance = Double.infinity
        for category in ContentSizeCategory.allCases where abs(ratios[category] - factor) < distance {
            nearest = category
            distance = abs(ratios[category] - factor)
        }
        return nearest
    }

    /// The value the key is set to for `category`: its ratio rounded to two decimals, clamped to `keyRange`.
    public func factor(for category: ContentSizeCategory) -> Double {
        min(max((ratios[category] * 100).rounded() / 100, Self.keyRange.lowerBound), Self.keyRange.upperBound)
    }
}
