import DynamicType

/// A model value the command line reads as the API reads its parameter of the same name, with
/// `init(parsing:)`, and refuses in the same words (docs/DESIGN.md §18 (The command line)).
public protocol ParsedModelValue: CommandLineValue where Refusal == DynamicTypeError {
    init(parsing text: String) throws(DynamicTypeError)
}

extension ParsedModelValue {
    public init(commandLine text: String) throws(DynamicTypeError) { try self.init(parsing: text) }
}

/// `--category`: `xs` … `ax5`, or Apple's names.
extension ContentSizeCategory: ParsedModelValue {}

/// `--legibility`: `regular` or `bold`.
extension LegibilityWeight: ParsedModelValue {}

/// `--text-spacing`: `default` or `wcag`.
extension TextSpacing: ParsedModelValue {}

/// `--reading-font`: a family, or `''` for the table's own.
extension ReadingFont: ParsedModelValue {}

/// `--scope` and the scopes `fontd serve` takes: `alice`, `alice/phone`.
extension PreferenceScope: ParsedModelValue {}

/// `--weight`: 1 to 1000, or a name such as `semibold` (its `init(parsing:)` also takes the
/// parameter's name, so it does not meet `ParsedModelValue`'s requirement as it stands).
extension FontWeight: CommandLineValue {
    public init(commandLine text: String) throws(DynamicTypeError) { try self.init(parsing: text) }
}

/// `--maximum-point-size`: points, greater than 0 and at most 1000, read and refused as the API's
/// `maximumPointSize=` is.
public struct MaximumPointSize: CommandLineValue, Sendable {
    /// The cap, in points.
    public let points: Double

    public init(commandLine text: String) throws(DynamicTypeError) {
        points = try parseNumber(text, parameter: "maximum point size", in: FontRequest.maximumPointSizeRange, lowerBoundIncluded: false)
    }
}
