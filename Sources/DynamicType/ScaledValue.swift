/// A custom value scaled the way UIFontMetrics scales it: the body of `GET /scale`,
/// `{"value": 8, "scaled": 8.727, "factor": 1.09}` (each written by `RoundedNumber`'s rule).
///
/// `factor` is the style's `metricsScale` at the category, as `GET /font` reports it (the
/// table's line height there over its line height at `l`), and `scaled` is `value × factor`,
/// both exact in the model; written, each is rounded on its own (docs/DESIGN.md §6 (Answer documents)).
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
