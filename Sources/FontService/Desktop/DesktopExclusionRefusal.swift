/// Why `PUT /desktop` did not record an exclusion (docs/DESIGN.md §37 (The reader's control)).
public enum DesktopExclusionRefusal: Error, Hashable, Sendable {
    /// A name that is no desktop target fontd knows; `known` are those it does.
    case unknownTarget(String, known: [String])
    /// The choice could not be written (no state folder, or the file could not be replaced); `reason` says which.
    case notRecorded(reason: String)

    /// The service's answer for it.
    var serviceError: FontServiceError {
        switch self {
        case .unknownTarget(let name, let known): .invalidParameter(what: "target", value: name, allowed: known)
        case .notRecorded(let reason): .stateNotSaved("the exclusion was not recorded: \(reason)")
        }
    }
}
