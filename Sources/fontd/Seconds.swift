import ArgumentParser
import DynamicType

/// A duration on the command line, in decimal seconds (`0.5`, `10`), checked in a command's
/// `validate()` against the range that option allows: one type for `serve`'s timeouts and
/// `health --timeout` alike.
///
/// Kept as given until it is checked, so that the error names the option and the range (and
/// refuses `nan`, `inf` and hexadecimal floats, as queries do) instead of ArgumentParser's
/// generic "invalid value".
struct Seconds: ExpressibleByArgument, ExpressibleByStringLiteral, Sendable {
    let text: String

    init(argument: String) { text = argument }
    init(stringLiteral text: String) { self.text = text }

    var defaultValueDescription: String { text }

    /// The number of seconds, when it is in (0, `maximum`]; otherwise an error naming `option`.
    func checked(_ option: String, maximum: Double) throws(DynamicTypeError) -> Double {
        try parseNumber(text, parameter: option, in: 0...maximum, lowerBoundIncluded: false)
    }
}
