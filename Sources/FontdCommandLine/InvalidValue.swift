import DynamicType

/// ArgumentParser's refusal of an option's value that is not one of its type's values, said as
/// fontd says every refusal of a named thing (docs/DESIGN.md §8 (Errors)): the value, the option,
/// the values it takes and, when one is near, "Did you mean …?" (`--desktop gnom` → `gnome`).
///
/// ArgumentParser writes `The value 'gnom' is invalid for '--desktop <desktop>'. Please provide
/// one of the following: - gnome - kde …` for a long list and `… Please provide one of 'off',
/// 'auto' or 'on'.` for a short one; both are read here, so every option of an enumerated type
/// gets the same sentence without a parser of its own.
struct InvalidValue: CustomStringConvertible {
    /// The value given.
    var value: String
    /// The option's name, `--desktop`.
    var option: String
    /// The values the option takes, in the parser's order.
    var allowed: [String]

    /// Reads ArgumentParser's message (on one line); nil when it is another message or names no values.
    init?(parserMessage message: String) {
        guard let match = message.wholeMatch(of: /The value '(.*)' is invalid for '([^' ]+)[^']*'\. Please provide one of (.*)/) else {
            return nil
        }
        let list = String(match.output.3)
        let allowed: [String]
        if let items = list.wholeMatch(of: /the following: (.*)/) {
            // "- gnome - kde - x11" (the lines of a list, joined).
            allowed = items.output.1.split(whereSeparator: \.isWhitespace).filter { $0 != "-" }.map(String.init)
        } else {
            // "'off', 'auto' or 'on'."
            allowed = list.matches(of: /'([^']*)'/).map { String($0.output.1) }
        }
        guard !allowed.isEmpty else { return nil }
        value = String(match.output.1)
        option = String(match.output.2)
        self.allowed = allowed
    }

    var description: String {
        "Unknown value '\(value)' for \(option); use one of: \(allowed.joined(separator: ", "))."
            + NearestNames.didYouMean(NearestNames.suggestion(for: value, among: allowed))
    }
}
