import ScopedPreferences

extension FontServiceError {
    /// The reader API's refusal as HTTP answers it (docs/DESIGN.md §38 (One domain in the middle)):
    /// the one place its errors become statuses and codes.
    init(_ error: ReaderError) {
        switch error {
        case .invalidValue(let error): self = .invalidValue(error)
        case .unknownFamily(let name, let suggestions): self = .invalidValue(.unknownFamily(name, allowed: suggestions))
        case .rootInheritsNothing(let preference): self = .invalidBody(ScopeUpdate.rootNull(preference.wireName))
        case .outOfBounds(let setting, let bound, let reason): self = .conflictingParameters(setting, bound, reason: reason)
        case .scopeLimit(let refusal): self = .scopeLimit(refusal.description)
        case .tooManyWrites(let seconds, let reader, let perSecond):
            self = .tooManyWrites(retryAfterSeconds: seconds, reader: reader, perSecond: perSecond)
        case .storeUnavailable(let reason):
            self = .storeUnavailable(
                "the change is not known to be committed: the preferences store is unreachable (\(reason)). A PUT is idempotent: send it again"
            )
        case .storeRefusing(let reason): self = .storeUnavailable(reason)
        case .notSaved(let reason): self = .stateNotSaved(reason)
        }
    }
}
