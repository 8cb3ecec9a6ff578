import DynamicType

/// What the state file holds: the preferences, the sequence of the last change, and the
/// most recent changes (so a subscriber can resume across restarts).
struct PreferencesState: Equatable, Sendable {
    var preferences = ReaderPreferences.initial
    /// The last `historyLimit` changes, oldest first; never emptied once a change is made.
    var history: [PreferenceChange] = []

    /// The sequence of the last change; 0 before any.
    var sequence: Int { history.last?.sequence ?? 0 }

    /// How many changes are kept (docs/DESIGN.md §12: the newest 1024).
    static let historyLimit = 1024
    /// The largest sequence the state file may hold (it is read as a JSON number, exact below
    /// 2⁵³); a change past it is refused rather than written into a file the next start refuses.
    static let maximumSequence = 999_999_999_999_999

    /// The state after setting what is given, and the changes that made (none for values
    /// already current); a category change comes before a legibility change.
    func applying(category: ContentSizeCategory?, legibilityWeight: LegibilityWeight?) -> (PreferencesState, [PreferenceChange]) {
        var next = self
        var changes: [PreferenceChange] = []
        var sequence = sequence
        if let category, category != preferences.category {
            sequence += 1
            changes.append(PreferenceChange(sequence: sequence, kind: .category(category, previous: next.preferences.category)))
            next.preferences.category = category
        }
        if let legibilityWeight, legibilityWeight != preferences.legibilityWeight {
            sequence += 1
            changes.append(PreferenceChange(
                sequence: sequence, kind: .legibilityWeight(legibilityWeight, previous: next.preferences.legibilityWeight)))
            next.preferences.legibilityWeight = legibilityWeight
        }
        next.history += changes
        if next.history.count > Self.historyLimit { next.history.removeFirst(next.history.count - Self.historyLimit) }
        return (next, changes)
    }

    /// The changes after `lastEventID`, or nil when they cannot all be told (too old, from the
    /// future): the subscriber then gets a snapshot instead.
    func changes(after lastEventID: Int) -> [PreferenceChange]? {
        let oldest = history.first?.sequence ?? sequence + 1
        guard lastEventID >= oldest - 1, lastEventID <= sequence else { return nil }
        return history.filter { $0.sequence > lastEventID }
    }

    /// The preferences with the sequence, as `GET /preferences` and the snapshot event tell them.
    var snapshot: Preferences {
        Preferences(category: preferences.category, legibilityWeight: preferences.legibilityWeight, sequence: sequence)
    }

    /// The `preferences` snapshot event, `id:` = the current sequence.
    var snapshotEvent: [UInt8] { Array(PreferenceEvent.snapshot(snapshot).serverSentEvent.utf8) }
}
