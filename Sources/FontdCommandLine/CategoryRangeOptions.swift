import ArgumentParser
import DynamicType

/// `--minimum-category` and `--maximum-category`: the categories a layout accepts, as the API's
/// `minimumCategory=` and `maximumCategory=` (docs/DESIGN.md §7 (HTTP endpoints), "Clamps").
public struct CategoryRangeOptions: ParsableArguments {
    @Option(
        name: .customLong("minimum-category"),
        help: "Answer no smaller than this category (the category is clamped; the answer says which was asked).")
    public var minimum: String?

    @Option(
        name: .customLong("maximum-category"),
        help: "Answer no larger than this category (the category is clamped; the answer says which was asked).")
    public var maximum: String?

    public init() {}

    /// The range, refused as the API refuses it (an unknown name, a minimum above the maximum).
    public func parsed() throws(DynamicTypeError) -> CategoryRange {
        try CategoryRange(parsingMinimum: minimum, maximum: maximum)
    }
}
