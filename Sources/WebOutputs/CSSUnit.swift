import DynamicType
import Foundation

/// The unit a stylesheet writes font sizes and line heights in (`unit=` on `GET /css`,
/// `fontd css --unit`): `px`, which are points (docs/DESIGN.md §1 (Scope)), or `rem`, sixteenths of them,
/// so that a page's own root font size scales the text too.
///
/// Letter, word and paragraph spacing stay in `px` either way.
public enum CSSUnit: String, CaseIterable, Hashable, Sendable {
    /// Points as CSS pixels: `19px`.
    case px
    /// Points ÷ 16, a browser's default root font size: `1.1875rem` (19 px).
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

    /// `points` in this unit, with the unit: `19px`, `1.1875rem`.
    func length(_ points: Double) -> String {
        "\(formatNumber(number(points)))\(rawValue)"
    }

    /// `points` in this unit as a stylesheet writes it (docs/DESIGN.md §22 (The web)): pixels rounded
    /// by `RoundedNumber`'s rule; rems with the fewest decimals (four where a sixteenth needs them,
    /// more only for a length the table gives to the thousandth) that land on those pixels again,
    /// `1.0625rem` for 17 px where the pixel rule's `1.063rem` would be 17.008 px.
    public func number(_ points: Double) -> Double {
        let pixels = RoundedNumber(points).value
        guard self != .px else { return pixels }
        for decimals in 0...7 {
            let scale = pow(10, Double(decimals))
            let candidate = (pixels / self.pixels * scale).rounded() / scale
            if RoundedNumber(candidate * self.pixels).value == pixels { return candidate }
        }
        return pixels / self.pixels
    }
}
