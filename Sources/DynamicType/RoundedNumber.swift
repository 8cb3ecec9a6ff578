/// A number as fontd writes it: the shortest decimal within a thousandth of the exact value — of
/// a point for lengths, of an em for ratios (docs/DESIGN.md §6 (Answer documents), Answer documents).
///
/// Every number in an answer, a stylesheet, a design token, the specimen and a command's table is
/// written through it, so `5.629999999999999` reads `5.63` and `24 / 22` reads `1.09`; a whole
/// number has no fraction (`36`, not `36.0`). The model keeps the exact value; only the text is
/// rounded, so a number written twice is written the same.
///
/// The rule is "shortest within", not "three decimals": `24 / 22` reads `1.09` (0.0009 away),
/// `8 × 24 / 22` reads `8.727`.
///
/// ```swift
/// RoundedNumber(5.629999999999999).description  // "5.63"
/// RoundedNumber(1.9991).description             // "2": within a thousandth of 2
/// RoundedNumber(-0.0004).description            // "0", never "-0"
/// ```
public struct RoundedNumber: Hashable, Sendable, CustomStringConvertible {
    /// How far the written decimal may be from the exact value: a thousandth of its unit.
    public static let tolerance = 0.001

    /// The value as given.
    public let exact: Double

    /// The decimal that is written, as a `Double`: what a reader of the text gets back.
    public let value: Double

    /// `exact` rounded by the rule. A non-finite value, and one too large to have a fraction
    /// worth writing (1e15 and beyond), is kept as it is.
    public init(_ exact: Double) {
        self.exact = exact
        guard exact.isFinite, abs(exact) < 1e15 else {
            value = exact
            return
        }
        var written = exact
        // Strictly within, less a few units in the last place of `exact` for the binary error of
        // the subtraction, so that 1.999 and 123456.789 (a thousandth from 2 and from 123456.79,
        // not within it) keep their third decimal.
        let limit = Self.tolerance - 4 * exact.ulp
        // Fewest decimals first; three always fit, as rounding to them is off by half a thousandth at most.
        for scale in [1.0, 10, 100, 1000] {
            let candidate = (exact * scale).rounded() / scale
            if abs(candidate - exact) < limit || scale == 1000 {
                written = candidate
                break
            }
        }
        value = written == 0 ? 0 : written
    }

    /// The decimal, shortest form: `36`, `5.63`, `-0.46`.
    public var description: String { formatNumber(value) }
}
