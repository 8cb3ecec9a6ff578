import DynamicType

/// The unit a stylesheet writes font sizes and line heights in (`unit=` on `GET /css`,
/// `fontd css --unit`): `px`, which are points (docs/DESIGN.md §1 (Scope)), or `rem`, sixteenths of them,
/// so that a page's own root font size scales the text too.
///
/// Letter, word and paragraph spacing stay in `px` either way.
public enum CSSUnit: String, CaseIterable, Hashable, Sendable {
    /// Points as CSS pixels: `19px`.
    case px
    /// Points ÷ 16, a browser's default root font size: `1.188rem`.
    case rem

    /// The unit when none is asked for.
    public static let standard = CSSUnit.px

    /// CSS pixels in one of this unit.
    public var pixels: Double {
        switch self {
        case .px: 1
        case .rem: 16
        }
    }

    /// `points` in this unit, rounded by `RoundedNumber`'s rule, with the unit: `19px`, `1.188rem`.
    func length(_ points: Double) -> String {
        "\(RoundedNumber(points / pixels))\(rawValue)"
    }
}
