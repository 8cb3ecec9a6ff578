/// What `TerminalProgram.apply(_:)` did.
public enum TerminalOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The program's file already said that size: nothing was written and nobody was told.
    case unchanged
    /// Written, and running instances were told (or will read it themselves); the sentence says how.
    case applied(String)
    /// Written, but running instances cannot change: it applies at the program's next start.
    case restart(String)

    public var description: String {
        switch self {
        case .unchanged: "unchanged"
        case .applied(let how): "applied: \(how)"
        case .restart(let why): "restart: \(why)"
        }
    }
}
