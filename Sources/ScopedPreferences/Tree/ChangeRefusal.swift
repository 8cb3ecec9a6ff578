import DynamicType

/// Why a change was not made; the preferences stay as they were.
public enum ChangeRefusal: Error, Sendable, CustomStringConvertible {
    /// The storage could not keep the change.
    case notWritten(String)
    /// A new scope would pass `--max-scopes`.
    case scopeLimit(Int)
    /// A new scope would pass `--max-scopes-per-reader` for `reader`.
    case readerScopeLimit(reader: String, limit: Int)
    /// The change would take an id past `StoredScopes.maximumSequence`.
    case sequenceExhausted(Int)
    /// The change would take a history position past `StoredScopes.maximumSequence`.
    case positionExhausted(Int)
    /// The storage cannot be reached: the change is not known to be committed.
    case unavailable(String)
    /// The storage takes no change for now (a full disk): this one was not made.
    case refused(String)

    /// Whether it is one of the limits on scopes (409 `scopeLimit`).
    public var isScopeLimit: Bool {
        switch self {
        case .scopeLimit, .readerScopeLimit: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notWritten(let reason): reason
        case .scopeLimit(let limit):
            "this server holds preferences for at most \(limit) scopes (--max-scopes) and has no room for another; clear a scope's values to free one"
        case .readerScopeLimit(let reader, let limit):
            "the reader \(reader) holds preferences for \(limit) scopes, the most one reader may (--max-scopes-per-reader); clear one of them to free a place"
        case .unavailable(let reason), .refused(let reason): reason
        case .sequenceExhausted(let sequence):
            "the change sequence is at \(sequence), and ids stop at \(StoredScopes.maximumSequence) so that every JSON reader reads them exactly"
        case .positionExhausted(let position):
            "the history is at position \(position), and positions stop at \(StoredScopes.maximumSequence) as ids do"
        }
    }
}
