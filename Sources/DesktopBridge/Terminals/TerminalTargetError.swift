/// Why a terminal's or editor's size was not set or its include not removed; each says which file.
public enum TerminalTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reader's own file is not what its program reads; it was left untouched.
    case malformed(file: String, reason: String, line: Int, column: Int)
    /// A file could not be read (it exists, but `open` or `read` failed).
    case unreadable(file: String)
    /// A file could not be replaced or removed; the old one is as it was.
    case notWritten(file: String, reason: String)
    /// No configuration folder: neither XDG_CONFIG_HOME nor HOME is set.
    case noConfigurationHome

    public var description: String {
        switch self {
        case .malformed(let file, let reason, let line, let column):
            "\(file):\(line):\(column): \(reason); fontd left it untouched"
        case .unreadable(let file): "\(file) cannot be read"
        case .notWritten(let file, let reason): "\(file) was not written (\(reason)); the old file is as it was"
        case .noConfigurationHome: "neither XDG_CONFIG_HOME nor HOME is set, so no configuration folder can be found"
        }
    }
}
