import DynamicType
import ScopedPreferences
import HTTPServer

/// One scope in the store's tree (docs/DESIGN.md §10): its own values and marks, its children,
/// its event streams, and the kept history of its own changes.
///
/// A node exists while it has a value of its own, a subscriber, a child or kept history; the
/// root always. Only `PreferencesStore` touches nodes, under its lock (hence `@unchecked Sendable`:
/// an event stream's end handler holds its node to remove itself under that lock).
final class ScopeNode: @unchecked Sendable {
    let scope: PreferenceScope
    /// Nil for the root; a parent outlives its children (it holds them).
    unowned let parent: ScopeNode?
    var record: ScopeRecord
    var children: [Substring: ScopeNode] = [:]
    var subscribers: [ObjectIdentifier: HTTPStream] = [:]
    /// Subscribers that have had no event yet: `retry:` rides in their first.
    var awaitingFirstEvent: Set<ObjectIdentifier> = []
    /// The kept entries of this scope's own changes, by position.
    var history = FIFOBuffer<ScopeHistoryEntry>()

    init(scope: PreferenceScope, parent: ScopeNode?, record: ScopeRecord? = nil) {
        self.scope = scope
        self.parent = parent
        self.record = record ?? ScopeRecord(scope: scope)
    }

    /// Whether nothing keeps the node: no own value, subscriber, child or history (never the root).
    var isUnused: Bool {
        parent != nil && record.isEmpty && subscribers.isEmpty && children.isEmpty && history.isEmpty
    }

    /// One preference's effective value — the nearest own value up the tree, else the initial
    /// one — and the largest mark on the way: the id of the newest change that affected it.
    func effective(_ preference: ReaderPreference) -> (value: String, affected: Int) {
        var node = self, affected = 0
        while true {
            affected = max(affected, node.record.marks[preference])
            if let value = node.record.values[preference] { return (value, affected) }
            guard let parent = node.parent else { return (preference.declaration.initialValue, affected) }
            node = parent
        }
    }

    /// The effective category (what category watches follow).
    var category: ContentSizeCategory { ContentSizeCategory(rawValue: effective(.category).value) ?? .default }

    /// The effective preferences.
    var preferences: ReaderPreferences {
        ReaderPreferences(values: PerPreference { effective($0).value })
    }

    /// The preferences as `GET /preferences?scope=` answers them, for `scope` (this node, or a
    /// scope below it that has no node: it inherits everything from this one).
    func answer(for scope: PreferenceScope) -> Preferences {
        let effective = ReaderPreference.allCases.map { self.effective($0) }
        let own = scope == self.scope ? record : ScopeRecord(scope: scope)
        return ReaderPreferences(values: PerPreference { effective[$0.ordinal].value }).answer(
            scope: scope, sequence: effective.map(\.affected).max() ?? 0,
            inherited: own.values.preferences { $0 == nil })
    }

    /// The nodes below (and including) this one that follow its value of `preference`: a child
    /// with a value of its own for it is passed over, with everything below it.
    func followers(of preference: ReaderPreference) -> [ScopeNode] {
        var found: [ScopeNode] = []
        var pending = [self]
        while let node = pending.popLast() {
            found.append(node)
            for child in node.children.values where child.record.values[preference] == nil {
                pending.append(child)
            }
        }
        return found
    }
}
