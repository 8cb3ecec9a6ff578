import DynamicType
import ScopedPreferences

/// What the state file holds: the preferences, the sequence of the last change, and the
/// most recent changes (so a subscriber can resume across restarts).
struct StateFileContents: Equatable, Sendable {
    var preferences = ReaderPreferences.initial
    /// The last `historyLimit` changes, oldest first; never emptied once a change is made.
    var history: [StateFileEntry] = []

    /// The sequence of the last change; 0 before any.
    var sequence: Int { history.last?.sequence ?? 0 }

    /// The preferences the state file (§12 (The store and the state file)) holds, in its frozen format: not the reading font, which
    /// needs a store (docs/DESIGN.md §33 (The reading font)).
    static let held: [ReaderPreference] = [.category, .legibilityWeight, .textSpacing]

    /// How many changes are kept (docs/DESIGN.md §12 (The store and the state file): the newest 1024).
    static let historyLimit = 1024
    /// The largest sequence the state file may hold (it is read as a JSON number, exact below
    /// 2⁵³); a change past it is refused rather than written into a file the next start refuses.
    static let maximumSequence = StoredScopes.maximumSequence

    /// Appends `change` to the history, makes its value current, and keeps the newest
    /// `historyLimit` changes.
    mutating func record(_ change: StateFileEntry) {
        var values = preferences.values
        values[change.preference] = change.value
        preferences = ReaderPreferences(values: values)
        history.append(change)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// The preferences with the sequence, as `GET /preferences` and the snapshot event tell them.
    var snapshot: Preferences {
        preferences.answer(scope: .root, sequence: sequence, inherited: [])
    }

}
