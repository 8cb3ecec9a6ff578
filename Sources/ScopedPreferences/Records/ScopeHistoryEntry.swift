import DynamicType

/// One change of one scope's own value, as a store's history keeps it (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
///
/// Every change of an own value is an entry, at the next `position`. One that changed the
/// scope's effective value is an event: it took the next id of the store's one sequence
/// (`sequence`). One that did not (a value set equal to the inherited one, a value cleared
/// where the parent's equals it) took no id: its `sequence` is the store's sequence when it
/// was made, and `isEvent` is false. Replaying a scope's events undoes and redoes the entries
/// of its lineage, so the silent ones are kept too.
public struct ScopeHistoryEntry: Hashable, Sendable {
    /// What changed: one preference's own value after and before, as raw values (nil: inherited).
    public struct Change: Hashable, Sendable {
        public var preference: ReaderPreference
        public var value: String?
        public var previous: String?

        public init(_ preference: ReaderPreference, value: String?, previous: String?) {
            self.preference = preference
            self.value = value
            self.previous = previous
        }

        /// The change of `preference` from `previous` to `value`, given as typed values.
        public init<Value: ReaderValue>(_ preference: ReaderPreference, _ value: Value?, previous: Value?) {
            self.init(preference, value: value?.rawValue, previous: previous?.rawValue)
        }

        /// The preference's name as the API spells it: `category`, `legibilityWeight` or `textSpacing`.
        public var preferenceName: String { preference.wireName }
    }

    /// The entry's place in the store's history: consecutive from 1, events and silent entries alike.
    public var position: Int
    /// The event's id; for a silent entry, the store's sequence when it was made.
    public var sequence: Int
    /// Whether the entry changed the scope's effective value and took `sequence` as its id.
    public var isEvent: Bool
    public var scope: PreferenceScope
    public var change: Change

    public init(position: Int, sequence: Int, isEvent: Bool, scope: PreferenceScope, change: Change) {
        self.position = position
        self.sequence = sequence
        self.isEvent = isEvent
        self.scope = scope
        self.change = change
    }
}
