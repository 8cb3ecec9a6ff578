import DynamicType

extension ScopeTree {
    /// A preference a change sets (to a raw value), clears (inherits again) or leaves as it is.
    public enum Setting: Hashable, Sendable {
        case keep
        case set(String)
        case clear

        /// The own value after the change.
        func applied(to own: String?) -> String? {
            switch self {
            case .keep: own
            case .set(let value): value
            case .clear: nil
            }
        }
    }

    /// A change worked out but not yet made: the scope's record after it and its history entries.
    public struct Plan: Sendable {
        public var scope: PreferenceScope
        var before: Preferences
        public var record: ScopeRecord
        /// Whether the scope held no value of its own before the change.
        var wasEmpty: Bool
        public var entries: [ScopeHistoryEntry]
        public var sequence: Int
        var position: Int

        /// What the storage keeps of it, with the drops it has yet to make.
        public func commit(dropping drops: [ScopeCommit.Drop]) -> ScopeCommit {
            ScopeCommit(entries: entries, scopes: [record], sequence: sequence, drops: drops)
        }
    }

    /// What a change did: the scope's preferences before and after, and the events it made.
    public struct ChangeOutcome: Sendable {
        public var before: Preferences
        public var after: Preferences
        public var events: [ScopeHistoryEntry]
    }

    /// The change `update` makes to `scope` as things stand; `limited` false for a change
    /// another replica already committed (its limits let it in).
    public func plan(_ scope: PreferenceScope, _ update: PerPreference<Setting>, limited: Bool = true) -> Result<Plan, ChangeRefusal> {
        let own = record(of: scope)
        var record = own
        record.values = PerPreference { update[$0].applied(to: own.values[$0]) }
        if limited, let reader = scope.segments.first.map(String.init), own.isEmpty, !record.isEmpty {
            if scopeCount >= limits.maximumScopes { return .failure(.scopeLimit(limits.maximumScopes)) }
            if readerScopeCounts[reader, default: 0] >= limits.maximumScopesPerReader {
                return .failure(.readerScopeLimit(reader: reader, limit: limits.maximumScopesPerReader))
            }
        }
        // Past the bound no change is planned, so the increments below cannot trap.
        guard sequence <= StoredScopes.maximumSequence else { return .failure(.sequenceExhausted(sequence)) }
        guard position <= StoredScopes.maximumSequence else { return .failure(.positionExhausted(position)) }
        var (nextSequence, nextPosition) = (sequence, position)
        var entries: [ScopeHistoryEntry] = []
        for preference in ReaderPreference.allCases {
            let after = record.values[preference]
            let before = own.values[preference]
            guard after != before else { continue }
            // What the scope inherits: its parent's effective value (the root inherits nothing).
            let inherited: (value: String, affected: Int) =
                scope.parent.map { effective(preference, at: $0) } ?? (preference.declaration.initialValue, 0)
            // A bound (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) counts only where it is tighter than the inherited one.
            let clamp = preference.declaration.clamp
            let effectiveValue = { (own: String?) in own.map { value in clamp?.tighter(inherited.value, value) ?? value } ?? inherited.value
            }
            let changesEffective = effectiveValue(before) != effectiveValue(after)
            nextPosition += 1
            if changesEffective { nextSequence += 1 }
            entries.append(
                ScopeHistoryEntry(
                    position: nextPosition, sequence: nextSequence, isEvent: changesEffective, scope: scope,
                    change: ScopeHistoryEntry.Change(preference, value: after, previous: before)))
            // An event's id is the mark; a silent entry keeps the id of the newest change that had affected the scope.
            let affectedBefore = before != nil ? own.marks[preference] : max(own.marks[preference], inherited.affected)
            record.marks[preference] = changesEffective ? nextSequence : affectedBefore
        }
        if nextSequence > StoredScopes.maximumSequence { return .failure(.sequenceExhausted(sequence)) }
        if nextPosition > StoredScopes.maximumSequence { return .failure(.positionExhausted(position)) }
        return .success(
            Plan(
                scope: scope, before: bareAnswer(for: scope), record: record, wasEmpty: own.isEmpty, entries: entries,
                sequence: nextSequence,
                position: nextPosition))
    }

    /// Makes a committed change current, keeps its history, and sends each event to the
    /// subscribers of every scope it reaches, one by one with the values just before and after it.
    /// A change of the root calls `rootChanged` with its preferences before each event is sent,
    /// so that what is read without the tree is current before anyone hears of it.
    public mutating func apply(_ plan: Plan, rootChanged: (PerPreference<String>) -> Void = { _ in }) -> ChangeOutcome {
        guard !plan.entries.isEmpty else { return ChangeOutcome(before: plan.before, after: plan.before, events: []) }
        let scope = plan.scope
        makeNode(scope)
        var events: [ScopeHistoryEntry] = []
        for entry in plan.entries {
            let before = preferences(of: scope)
            let preference = entry.change.preference
            nodes[scope.path]?.record.values[preference] = entry.change.value
            nodes[scope.path]?.record.marks[preference] = plan.record.marks[preference]
            nodes[scope.path]?.history.append(entry)
            window.append((entry.position, scope))
            if scope.isRoot { rootChanged(preferences(of: .root)) }
            if entry.isEvent {
                events.append(entry)
                broadcast(entry, before: before, after: preferences(of: scope))
            }
        }
        if !scope.isRoot {
            if plan.wasEmpty, !plan.record.isEmpty { count(scope, by: 1) }
            if !plan.wasEmpty, plan.record.isEmpty { count(scope, by: -1) }
        }
        sequence = plan.sequence
        position = plan.position
        keepHistory(touched: scope)
        prune(scope)
        // A PUT answers the preferences it changed, without the fonts' generation (GET /preferences has it).
        return ChangeOutcome(before: plan.before, after: bareAnswer(for: scope), events: events)
    }

    /// Applies one entry another replica committed; false when it is not the next one, or does
    /// not follow from this tree (the caller then loads everything again).
    public mutating func applyCommitted(_ entry: ScopeHistoryEntry, rootChanged: (PerPreference<String>) -> Void = { _ in }) -> Bool {
        let (next, overflow) = position.addingReportingOverflow(1)
        guard !overflow, entry.position == next else { return false }
        var update = PerPreference<Setting>(repeating: .keep)
        update[entry.change.preference] = entry.change.value.map { .set($0) } ?? .clear
        guard case .success(let plan) = self.plan(entry.scope, update, limited: false), plan.entries == [entry] else { return false }
        _ = apply(plan, rootChanged: rootChanged)
        return true
    }

    /// The event `entry` makes for a subscriber of `scope` whose effective values went from `before` to `after`.
    static func event(_ entry: ScopeHistoryEntry, before: PerPreference<String>, after: PerPreference<String>, for scope: PreferenceScope)
        -> PreferenceEvent
    {
        let preference = entry.change.preference
        // Both are the preference's raw values, as the effective preferences hold them.
        return preference.declaration.changeEvent(
            scope: scope.isRoot ? nil : scope.path, value: after[preference], previous: before[preference],
            sequence: entry.sequence) ?? .snapshot(after.answer(scope: scope, sequence: entry.sequence, inherited: []))
    }
}
