/// A custom value scaled the way UIFontMetrics scales it: the body of `GET /scale`,
/// `{"value": 8, "scaled": 8.727272727272727, "factor": 1.0909090909090908}`.
///
/// `factor` is the style's `metricsScale` at the category, exactly as `GET /font` reports it
/// (the table's line height there over its line height at `l`), and `scaled` is
/// `value × factor`; neither is rounded (numbers are full precision, docs/DESIGN.md §6 (Answer documents)).
public struct ScaledValue: Hashable, Sendable, Codable {
    public var value: Double
    public var scaled: Double
    public var factor: Double

    public init(value: Double, factor: Double) {
        self.value = value
        self.scaled = value * factor
        self.factor = factor
    }
}
