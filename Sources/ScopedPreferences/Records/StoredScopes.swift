import DynamicType

/// Everything a store holds for the scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), as a service starts from it:
/// the store's sequence, every scope that has a value of its own, and the kept history.
public struct StoredScopes: Hashable, Sendable {
    /// The id of the newest event of the whole store; 0 before any.
    public var sequence: Int
    /// The position of the newest history entry; 0 before any.
    public var position: Int
    /// The root scope first (always there), then every scope with a value of its own.
    public var scopes: [ScopeRecord]
    /// The kept history entries, by position.
    public var history: [ScopeHistoryEntry]
    /// Per scope whose older entries were dropped: the largest `sequence` among them. A replay
    /// of a lineage including the scope from an id below it cannot be told.
    public var droppedThrough: [PreferenceScope: Int]

    /// The largest id, mark or history position a store may hold (docs/DESIGN.md §12 (The store and the state
    /// file)): JSON numbers are exact below 2⁵³ for every reader, and a change that
    /// would pass it is refused, so a store holding more was not written by fontd.
    public static let maximumSequence = 999_999_999_999_999

    public init(
        sequence: Int = 0, position: Int = 0, scopes: [ScopeRecord] = [.initialRoot], history: [ScopeHistoryEntry] = [],
        droppedThrough: [PreferenceScope: Int] = [:]
    ) {
        self.sequence = sequence
        self.position = position
        self.scopes = scopes
        self.history = history
        self.droppedThrough = droppedThrough
    }
}
