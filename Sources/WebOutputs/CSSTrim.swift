import DynamicType

/// How a stylesheet trims each style's line box to its cap height and baseline (`trim=` on
/// `GET /css`, `fontd css --trim`; docs/DESIGN.md §32 (Capsize and metrics-exact web)).
public enum CSSTrim: String, CaseIterable, Hashable, Sendable {
    /// No trim: the stylesheet of before, byte for byte.
    case none
    /// Capsize's negative margins on `::before` and `::after`, which every browser lays out.
    case capsize
    /// CSS `text-box: trim-both cap alphabetic` where the browser has it (`@supports`), and
    /// Capsize's margins where it does not.
    case textBox = "text-box"

    /// The trim when none is asked for.
    public static let standard = CSSTrim.none
}
