import DynamicType

/// Why the reader API made no change (docs/DESIGN.md §38 (One domain in the middle)): the one error
/// every front door maps into its own terms — HTTP to a status and a code, the session bus to a
/// D-Bus error name. Its `description` is said in the domain's words, with no transport's.
public enum ReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value the preference does not take (an unknown category, a reading font's name longer than any family's…).
    case invalidValue(DynamicTypeError)
    /// A reading font that is no installed family; `suggestions` are the nearest installed ones.
    case unknownFamily(String, suggestions: [String])
    /// A clear of `preference` on the root scope, which inherits from nothing.
    case rootInheritsNothing(ReaderPreference)
    /// A bound that would widen an ancestor's (`setting` passes `bound`), or a minimum above the
    /// maximum; `reason` says what is allowed.
    case outOfBounds(setting: String, bound: String, reason: String)
    /// A new scope past `--max-scopes` or `--max-scopes-per-reader`; the refusal says which.
    case scopeLimit(ChangeRefusal)
    /// A change past `--max-writes-per-second` for `reader` (nil: the root); one is allowed again
    /// in `retryAfterSeconds`.
    case tooManyWrites(retryAfterSeconds: Int, reader: String?, perSecond: Double)
    /// The store cannot be reached: the change is not known to be committed (`reason` says why).
    case storeUnavailable(String)
    /// The store takes no change for now (a full disk, a removed write-ahead log): this one was not made.
    case storeRefusing(String)
    /// The store could not keep the change; nothing changed.
    case notSaved(String)

    public static func == (lhs: ReaderError, rhs: ReaderError) -> Bool { lhs.description == rhs.description && lhs.kind == rhs.kind }

    /// The case's name, for comparisons and logs.
    public var kind: String {
        switch self {
        case .invalidValue: "invalidValue"
        case .unknownFamily: "unknownFamily"
        case .rootInheritsNothing: "rootInheritsNothing"
        case .outOfBounds: "outOfBounds"
        case .scopeLimit: "scopeLimit"
        case .tooManyWrites: "tooManyWrites"
        case .storeUnavailable: "storeUnavailable"
        case .storeRefusing: "storeRefusing"
        case .notSaved: "notSaved"
        }
    }

    /// The refusal of the store as the reader API reports it.
    init(_ refusal: ChangeRefusal) {
        switch refusal {
        case .scopeLimit, .readerScopeLimit: self = .scopeLimit(refusal)
        case .unavailable(let reason): self = .storeUnavailable(reason)
        case .refused(let reason): self = .storeRefusing(reason)
        case .notWritten, .sequenceExhausted, .positionExhausted: self = .notSaved(refusal.description)
        }
    }

    public var description: String {
        switch self {
        case .invalidValue(let error):
            error.description
        case .unknownFamily(let name, let suggestions):
            DynamicTypeError.unknownFamily(name, allowed: suggestions).description
        case .rootInheritsNothing(let preference):
            "The root scope inherits from nothing, so its \(preference.declaration.noun) cannot be cleared; set a value instead."
        case .outOfBounds(let setting, let bound, let reason):
            "'\(setting)' is refused beside '\(bound)': \(reason)."
        case .scopeLimit(let refusal):
            "No new scope: \(refusal.description)."
        case .tooManyWrites(let seconds, let reader, let perSecond):
            "Too many changes: \(reader.map { "the reader \($0)" } ?? "the root scope") may make \(perSecond.formatted) a second; try again in \(seconds) s."
        case .storeUnavailable(let reason):
            "The change is not known to be made: the preferences store is unreachable (\(reason)); make it again shortly."
        case .storeRefusing(let reason):
            reason.prefix(1).uppercased() + reason.dropFirst() + "."
        case .notSaved(let reason):
            "The change was not saved, so nothing changed (\(reason)); the server's log says more."
        }
    }
}

extension Double {
    /// The number as a person writes it: `5`, not `5.0`.
    fileprivate var formatted: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
