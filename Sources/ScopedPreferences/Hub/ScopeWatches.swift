import DynamicType

/// The scopes whose effective preferences a `ScopeWatch` follows, by watch, with the preferences each last heard (docs/DESIGN.md §26 (The desktop bridge), §27 (The session bus)).
struct ScopeWatches: Sendable {
    /// A scope's effective preferences as its watch last heard them, and where a change goes.
    struct Watched: Sendable {
        let scope: PreferenceScope
        var preferences: PerPreference<String>
        let report: @Sendable (ScopeWatch.Change) -> Void
        /// When the watch began, counted: one change is reported to its watches in that order
        /// (the session bus's `Changed` before the portal's `SettingChanged`).
        var order = 0
    }

    /// Changes owed to watches, sent once the lock is released: a watch's handler may call the hub.
    struct Reports {
        fileprivate var pending: [(report: @Sendable (ScopeWatch.Change) -> Void, change: ScopeWatch.Change)] = []

        func send() {
            for (report, change) in pending { report(change) }
        }
    }

    var watched: [ObjectIdentifier: Watched] = [:]
    /// The next watch's `order`.
    var nextOrder = 0

    /// The change of each watched scope whose effective preferences moved since its watch last
    /// heard, telling the watch that made it (`watch`) from the others.
    mutating func reports(in tree: ScopeTree, madeBy watch: ObjectIdentifier?) -> Reports {
        var reports = Reports()
        for (id, entry) in watched.sorted(by: { $0.value.order < $1.value.order }) {
            let preferences = tree.preferences(of: entry.scope)
            guard preferences != entry.preferences else { continue }
            watched[id]?.preferences = preferences
            let change = ScopeWatch.Change(answer: tree.answer(for: entry.scope), previous: entry.preferences, isOwn: id == watch)
            reports.pending.append((entry.report, change))
        }
        return reports
    }
}

extension ScopeHub {
    /// Reports every later change of `scope`'s effective preferences to `report`, for `watch`.
    func watch(_ scope: PreferenceScope, for watch: ObjectIdentifier, report: @escaping @Sendable (ScopeWatch.Change) -> Void) {
        state.withLock { state in
            state.watches.watched[watch] = ScopeWatches.Watched(
                scope: scope, preferences: state.tree.preferences(of: scope), report: report, order: state.watches.nextOrder)
            state.watches.nextOrder += 1
        }
    }

    /// Stops reporting to `watch`.
    func unwatch(for watch: ObjectIdentifier) {
        state.withLock { _ = $0.watches.watched.removeValue(forKey: watch) }
    }
}
