import DynamicType

/// Why `fontd query`'s options cannot be used: a value the model refused, or a way of
/// writing it that only the command line has.
public enum QueryOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value the model refused: an unknown category or trait, a bad number, no family…
    case invalidValue(DynamicTypeError)
    /// `--traits` with an empty name before, between or after its commas (`''`, `bold,,italic`).
    case emptyTraitName(list: String, allowed: [String])

    public var description: String {
        switch self {
        case .invalidValue(let error):
            error.description
        case .emptyTraitName(let list, let allowed):
            "--traits '\(list)' has an empty trait name; give any of: \(allowed.joined(separator: ", ")), "
                + "separated by commas, or leave --traits out."
        }
    }
}
