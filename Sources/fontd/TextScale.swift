import DesktopBridge
import DynamicType

/// A text size written as a scale of the default size, `1.5` or `150%`, as GNOME's Large Text
/// factor is: `fontd category set 150%` sets the category whose text-scaling ratio is nearest
/// (docs/DESIGN.md §26 (The desktop bridge), "The ratios"), as the desktop bridge does with the factor.
struct TextScale: Sendable, CustomStringConvertible {
    /// The scale as a factor: 1.5 for `150%`.
    let factor: Double
    /// Whether it was written as a percentage, so that ratios are shown the same way.
    let isPercentage: Bool

    /// Reads `text` when it is written as a number (`1.5`, `150%`); nil for anything else, such
    /// as a category's name, which no number starts like.
    ///
    /// - Throws: `TextScaleError` for a number that is no scale: 0, a negative, `1.5x`, `%`.
    init?(parsing text: String) throws(TextScaleError) {
        let isPercentage = text.hasSuffix("%")
        let number = isPercentage ? String(text.dropLast()) : text
        guard isPercentage || number.first.map({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) == true else { return nil }
        guard
            let value = try? parseNumber(
                number, parameter: "text scale", in: 0...(isPercentage ? 100_000 : 1000), lowerBoundIncluded: false)
        else { throw .invalid(text) }
        factor = isPercentage ? value / 100 : value
        self.isPercentage = isPercentage
    }

    /// A ratio written as the scale was: `135%`, or `1.35`.
    func written(_ ratio: Double) -> String {
        isPercentage ? formatNumber((ratio * 100).rounded()) + "%" : formatNumber((ratio * 100).rounded() / 100)
    }

    var description: String { written(factor) }

    /// The category of `ratios` nearest this scale.
    func category(in ratios: TextScalingRatios) -> ContentSizeCategory { ratios.category(nearest: factor) }

    /// Why `category(in:)` chose what it did, for `fontd category set` (docs/DESIGN.md §8 (Errors)): past
    /// either end, that the scale is out of the categories' range and which end it took; halfway between
    /// two categories, the tie and that the smaller is taken; else the category nearest and its ratio.
    func reason(in ratios: TextScalingRatios) -> String {
        let smallest = ContentSizeCategory.extraSmall
        let largest = ContentSizeCategory.accessibilityExtraExtraExtraLarge
        let chosen = category(in: ratios)
        if factor > ratios.ratio(of: largest) {
            return
                "\(self) is past the largest category, \(largest.rawValue) (\(written(ratios.ratio(of: largest)))), so \(largest.rawValue)"
        }
        if factor < ratios.ratio(of: smallest) {
            return
                "\(self) is below the smallest category, \(smallest.rawValue) (\(written(ratios.ratio(of: smallest)))), so \(smallest.rawValue)"
        }
        let below = ContentSizeCategory.allCases.last { ratios.ratio(of: $0) <= factor }
        let above = ContentSizeCategory.allCases.first { ratios.ratio(of: $0) >= factor }
        if let below, let above, below != above,
            abs((factor - ratios.ratio(of: below)) - (ratios.ratio(of: above) - factor)) < 1e-9
        {
            return "\(self) lies halfway between \(below.rawValue) (\(written(ratios.ratio(of: below)))) and "
                + "\(above.rawValue) (\(written(ratios.ratio(of: above)))): a tie, and the smaller is taken"
        }
        return "the category nearest \(self) (\(chosen.rawValue) is \(written(ratios.ratio(of: chosen))))"
    }
}

/// Why a text scale cannot be used.
enum TextScaleError: Error, Equatable, CustomStringConvertible {
    /// Written as a number, but not a number above 0.
    case invalid(String)

    var description: String {
        switch self {
        case .invalid(let text):
            "Invalid text scale '\(text)': give a number above 0, such as 1.5 or 150% (the default size is 1, or 100%), or a category's name."
        }
    }
}
