/// Why a terminal's or editor's size was not set or its include not removed; each says which file.
public enum TerminalTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file could not be read or edited (docs/DESIGN.md §35 (Editing a reader's file)); it is as it was.
    case file(ReaderFileError)
    /// No configuration folder: neither XDG_CONFIG_HOME nor HOME is set.
    case noConfigurationHome
    /// The record of the reader's own sizes (docs/DESIGN.md §34 (The reader's own sizes)) could not be written.
    case basesNotRecorded(path: String, reason: String)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .noConfigurationHome: "neither XDG_CONFIG_HOME nor HOME is set, so no configuration folder can be found"
        case .basesNotRecorded(let path, let reason): "could not record the reader's own sizes in \(path): \(reason)"
        }
    }
}
