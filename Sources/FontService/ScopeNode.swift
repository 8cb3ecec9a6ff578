import DynamicType
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

    /// The effective category and the id of the newest change that affected it.
    var category: (value: ContentSizeCategory, affected: Int) {
        effective(\.category, mark: \.categoryMark, root: .default)
    }

    /// The effective legibility weight and the id of the newest change that affected it.
    var legibilityWeight: (value: LegibilityWeight, affected: Int) {
        effective(\.legibilityWeight, mark: \.legibilityWeightMark, root: .regular)
    }

    /// The effective text spacing and the id of the newest change that affected it.
    var textSpacing: (value: TextSpacing, affected: Int) {
        effective(\.textSpacing, mark: \.textSpacingMark, root: .default)
    }

    /// One preference's effective value — the nearest own value up the tree, else `root` — and
    /// the largest mark on the way: the id of the newest change that affected it.
    private func effective<Value>(
        _ value: KeyPath<ScopeRecord, Value?>, mark: KeyPath<ScopeRecord, Int>, root: Value
    ) -> (value: Value, affected: Int) {
        var node = self, affected = 0
        while true {
            affected = max(affected, node.record[keyPath: mark])
            if let value = node.record[keyPath: value] { return (value, affected) }
            guard let parent = node.parent else { return (root, affected) }
            node = parent
        }
    }

    /// The effective preferences.
    var preferences: ReaderPreferences {
        ReaderPreferences(category: category.value, legibilityWeight: legibilityWeight.value, textSpacing: textSpacing.value)
    }

    /// The preferences as `GET /preferences?scope=` answers them, for `scope` (this node, or a
    /// scope below it that has no node: it inherits everything from this one).
    func answer(for scope: PreferenceScope) -> Preferences {
        let (category, categoryAffected) = self.category
        let (weight, weightAffected) = legibilityWeight
        let (spacing, spacingAffected) = textSpacing
        let own = scope == self.scope ? record : ScopeRecord(scope: scope)
        var inherited: [String] = []
        if own.category == nil { inherited.append("category") }
        if own.legibilityWeight == nil { inherited.append("legibilityWeight") }
        if own.textSpacing == nil { inherited.append("textSpacing") }
        return Preferences(
            scope: scope.isRoot ? nil : scope.path, category: category, legibilityWeight: weight, textSpacing: spacing,
            sequence: max(categoryAffected, weightAffected, spacingAffected), inherited: scope.isRoot ? nil : inherited)
    }

    /// The nodes below (and including) this one that follow its value of `change`'s preference:
    /// a child with a value of its own for it is passed over, with everything below it.
    func followers(of change: ScopeHistoryEntry.Change) -> [ScopeNode] {
        var found: [ScopeNode] = []
        var pending = [self]
        while let node = pending.popLast() {
            found.append(node)
            for child in node.children.values {
                let ownsIt = switch change {
                case .category: child.record.category != nil
                case .legibilityWeight: child.record.legibilityWeight != nil
                case .textSpacing: child.record.textSpacing != nil
                }
                if !ownsIt { pending.append(child) }
            }
        }
        return found
    }
}
