import ArgumentParser
import DynamicType

/// A duration on the command line, in decimal seconds (`0.5`, `10`), checked in a command's
/// `validate()` against the `SecondsRange` that option allows: one type for `serve`'s durations
/// and `health --timeout` alike.
///
/// Kept as given until it is checked, so that the error names the option and the range (and
/// refuses `nan`, `inf`, hexadecimal floats and `1e-320`) instead of ArgumentParser's generic
/// "invalid value".
struct Seconds: ExpressibleByArgument, ExpressibleByStringLiteral, Sendable {
    let text: String

    init(argument: String) { text = argument }
    init(stringLiteral text: String) { self.text = text }

    var defaultValueDescription: String { text }

    /// The number of seconds, when `range` allows it; otherwise one line naming `option`, the
    /// value and the range.
    func checked(_ option: String, in range: SecondsRange) throws(ValidationError) -> Double {
        let value: Double
        do {
            value = try parseNumber(text, parameter: option, in: 0...range.most)
        } catch {
            throw range.refusal(option, text)
        }
        guard value >= range.least || (value == 0 && range.zeroTurnsOff) else { throw range.refusal(option, text) }
        return value
    }
}

/// The seconds one duration option accepts: from `least` to `most`, and 0 as well where 0 turns
/// the thing off (docs/DESIGN.md §18 (The command line)).
///
/// A floor as well as a ceiling: a timer armed with `1e-320` fires without pause, and the
/// server spins (a keep-alive of `1e-320` took 154 % CPU and sent one subscriber 2.2 MB in 4 s).
struct SecondsRange: Sendable, CustomStringConvertible {
    let least: Double
    let most: Double
    var zeroTurnsOff = false

    /// `0.1 to 86400 seconds`, with `, or 0 for never` where 0 turns the thing off: the words of
    /// both the option's help and its error.
    var description: String {
        "\(formatNumber(least)) to \(formatNumber(most)) seconds" + (zeroTurnsOff ? ", or 0 for never" : "")
    }

    /// The one line refusing `text` for `option`.
    func refusal(_ option: String, _ text: String) -> ValidationError {
        ValidationError("Invalid \(option) '\(text)': expected \(self).")
    }
}
