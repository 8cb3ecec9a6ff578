/// A table that cannot be written as a web output, with what to change.
public enum WebOutputsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `name` (the table's or a style's) cannot name a design token group or token; `reason`
    /// is the rule it breaks.
    case invalidTokenName(String, reason: String)

    /// What is wrong and what to change, in one sentence.
    public var description: String {
        switch self {
        case .invalidTokenName(let name, let reason):
            "The name '\(name)' cannot name a design token or group: \(reason); rename it in the style table."
        }
    }
}
