import DynamicType

/// The reader's preferences as every front door reaches them (docs/DESIGN.md §38 (One domain in the
/// middle)): read a scope, change it, clear it, subscribe to it — with the rules a change passes
/// (values, the reading font's family, bounds that only narrow, each reader's write quota) checked
/// here, once, and one typed error, `ReaderError`, that HTTP and the session bus each map once.
///
/// The composition root (`fontd serve`) builds it over the `ScopeHub` and hands it to HTTP, the
/// bus and the desktop bridges. It holds no state of its own but the quota's buckets: any thread
/// calls it; changes are made on the hub's executor and reported from there.
public final class ReaderAPI: Sendable {
    /// The scopes' preferences: the tree, the store, the subscribers.
    public let hub: ScopeHub
    /// Each reader's allowance of changes, when there is a limit.
    public let quota: WriteQuota?
    /// The installed family a reading font names, as fontconfig spells it; throws for none.
    let installedFamily: @Sendable (String) throws(DynamicTypeError) -> String

    /// - Parameters:
    ///   - hub: the scopes' preferences.
    ///   - maximumWritesPerSecond: each reader's allowance of changes (`--max-writes-per-second`); nil for none.
    ///   - installedFamily: the installed family a name stands for (docs/DESIGN.md §33 (The reading
    ///     font)), throwing `DynamicTypeError.unknownFamily` for none; the font catalog's lookup.
    public init(
        hub: ScopeHub, maximumWritesPerSecond: Double? = nil,
        installedFamily: @escaping @Sendable (String) throws(DynamicTypeError) -> String
    ) {
        self.hub = hub
        self.quota = maximumWritesPerSecond.map(WriteQuota.init(perSecond:))
        self.installedFamily = installedFamily
    }

    /// `scope`'s effective preferences, with its id of the newest change that affected them, and
    /// what it inherits.
    public func preferences(of scope: PreferenceScope) -> Preferences { hub.answer(for: scope) }

    /// The raw value `text` names for `preference` (any of its names, any case), as a change sets it.
    public static func value(of preference: ReaderPreference, named text: String) throws(ReaderError) -> String {
        do { return try preference.declaration.parse(text) } catch { throw .invalidValue(error) }
    }

    /// Changes `scope`'s own values by `settings` (each kept, set, or cleared to inherit again):
    /// checked now — throwing what is wrong with it — then committed on the hub's executor, and
    /// `completion` runs there with the outcome or the store's refusal. `byOperator` changes
    /// (the server's token, the session bus) pass the write quota.
    public func change(
        _ scope: PreferenceScope, _ settings: PerPreference<ScopeTree.Setting>, byOperator: Bool,
        completion: @escaping @Sendable (Result<ScopeTree.ChangeOutcome, ReaderError>) -> Void
    ) throws(ReaderError) {
        let checked = try check(settings, at: scope)
        if let quota, !byOperator {
            let reader = scope.segments.first.map(String.init)
            if let seconds = quota.admit(reader ?? "") {
                throw .tooManyWrites(retryAfterSeconds: seconds, reader: reader, perSecond: quota.perSecond)
            }
        }
        hub.change(scope, checked) { result in completion(result.mapError(ReaderError.init)) }
    }

    /// Clears `preferences` of `scope`, so it inherits them again (on the root, a preference that
    /// can be none — the reading font — becomes none); as `change`.
    public func clear(
        _ preferences: [ReaderPreference], of scope: PreferenceScope, byOperator: Bool,
        completion: @escaping @Sendable (Result<ScopeTree.ChangeOutcome, ReaderError>) -> Void
    ) throws(ReaderError) {
        var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)
        for preference in preferences { settings[preference] = .clear }
        try change(scope, settings, byOperator: byOperator, completion: completion)
    }

    /// Starts `sink` with `scope`'s changes after `lastEventID` (or a snapshot) and registers it for
    /// what follows; `unsubscribe` it when it ends.
    public func subscribe(_ sink: any EventSink, to scope: PreferenceScope, lastEventID: String?) {
        hub.subscribe(sink, to: scope, lastEventID: lastEventID)
    }

    /// Forgets `sink`, a subscriber of `scope`.
    public func unsubscribe(_ sink: any EventSink, from scope: PreferenceScope) { hub.unsubscribe(sink, from: scope) }

    /// `settings` as they are kept: values parsed already, a root's clear of a preference that can
    /// be none made none, the reading font in fontconfig's spelling, bounds within the ancestors'.
    func check(_ settings: PerPreference<ScopeTree.Setting>, at scope: PreferenceScope) throws(ReaderError)
        -> PerPreference<ScopeTree.Setting>
    {
        var checked = settings
        for preference in ReaderPreference.allCases {
            switch settings[preference] {
            case .keep: break
            case .clear where scope.isRoot:
                guard preference.declaration.initialValue.isEmpty else { throw .rootInheritsNothing(preference) }
                checked[preference] = .set("")
            case .clear: break
            case .set(let text):
                let raw = preference.declaration.isRawValue(text) ? text : try Self.value(of: preference, named: text)
                // A reading font must be one fontconfig knows (docs/DESIGN.md §33 (The reading font)), kept as fontconfig spells it.
                checked[preference] = .set(preference == .readingFont && !raw.isEmpty ? try family(named: raw) : raw)
            }
        }
        try checkBounds(checked, at: scope)
        return checked
    }

    /// The installed family `name` names.
    private func family(named name: String) throws(ReaderError) -> String {
        do { return try installedFamily(name) } catch {
            if case .unknownFamily(let name, let allowed) = error { throw .unknownFamily(name, suggestions: allowed) }
            throw .invalidValue(error)
        }
    }
}
