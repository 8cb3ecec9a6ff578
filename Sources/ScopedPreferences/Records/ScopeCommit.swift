import DynamicType

/// One change to a store's scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), committed as one transaction: the new
/// history entries, the scopes as they are after them, and the older entries to drop.
public struct ScopeCommit: Hashable, Sendable {
    /// Older entries of one scope that the store no longer keeps.
    public struct Drop: Hashable, Sendable {
        public var scope: PreferenceScope
        /// Entries of `scope` at this position and before are dropped.
        public var throughPosition: Int
        /// The largest `sequence` among them: the scope's new `droppedThrough`.
        public var throughSequence: Int

        public init(scope: PreferenceScope, throughPosition: Int, throughSequence: Int) {
            self.scope = scope
            self.throughPosition = throughPosition
            self.throughSequence = throughSequence
        }
    }

    /// The new entries, at the positions after the store's newest.
    public var entries: [ScopeHistoryEntry]
    /// Every scope the entries changed, as it is after them; a scope other than the root
    /// with no value of its own is deleted.
    public var scopes: [ScopeRecord]
    /// The store's sequence after the commit.
    public var sequence: Int
    public var drops: [Drop]

    public init(entries: [ScopeHistoryEntry], scopes: [ScopeRecord], sequence: Int, drops: [Drop] = []) {
        self.entries = entries
        self.scopes = scopes
        self.sequence = sequence
        self.drops = drops
    }
}
