import DynamicType

/// The scopes whose effective category a `CategoryWatch` follows, by watch, with the category
/// each last heard (docs/DESIGN.md §26).
struct CategoryWatches: Sendable {
    /// A scope's effective category as its watch last heard it, and where a change goes.
    struct Watched: Sendable {
        let scope: PreferenceScope
        var category: ContentSizeCategory
        let report: @Sendable (CategoryWatch.Change) -> Void
    }

    /// Changes owed to category watches, sent once the lock is released: a watch's handler may
    /// call the hub.
    struct Reports {
        fileprivate var pending: [(report: @Sendable (CategoryWatch.Change) -> Void, change: CategoryWatch.Change)] = []

        func send() {
            for (report, change) in pending { report(change) }
        }
    }

    var watched: [ObjectIdentifier: Watched] = [:]

    /// The change of each watched scope whose effective category moved since its watch last
    /// heard, telling the watch that made it (`watch`) from the others.
    mutating func reports(in tree: ScopeTree, madeBy watch: ObjectIdentifier?) -> Reports {
        var reports = Reports()
        for (id, entry) in watched {
            let category = tree.preferences(of: entry.scope).category
            guard category != entry.category else { continue }
            watched[id]?.category = category
            reports.pending.append((entry.report, CategoryWatch.Change(category: category, previous: entry.category, isOwn: id == watch)))
        }
        return reports
    }
}

extension ScopeHub {
    /// Reports every later change of `scope`'s effective category to `report`, for `watch`.
    func watchCategory(of scope: PreferenceScope, for watch: ObjectIdentifier, report: @escaping @Sendable (CategoryWatch.Change) -> Void) {
        state.withLock { state in
            let category = state.tree.preferences(of: scope).category
            state.watches.watched[watch] = CategoryWatches.Watched(scope: scope, category: category, report: report)
        }
    }

    /// Stops reporting to `watch`.
    func unwatchCategory(for watch: ObjectIdentifier) {
        state.withLock { _ = $0.watches.watched.removeValue(forKey: watch) }
    }
}
