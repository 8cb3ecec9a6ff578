import DynamicType

/// What a store holds for the reader: the current preferences with the sequence of the last
/// change, and the newest changes, oldest first.
///
/// `load(historyLimit:)` answers with it, and `importState(_:)` takes one (a state file's content,
/// §12 (The store and the state file): its history's last change, if any, carries `preferences.sequence`).
public struct StoredPreferences: Hashable, Sendable {
    /// The category, the legibility weight, the text spacing, and the sequence of the last change (0 before any).
    public var preferences: Preferences
    /// Changes only (`categoryChanged`, `legibilityWeightChanged`, `textSpacingChanged`), oldest first, with
    /// consecutive sequences.
    public var history: [PreferenceEvent]

    /// The initial preferences (`l`, `regular`, `default`, sequence 0) unless others are given.
    public init(
        preferences: Preferences = Preferences(category: .default, legibilityWeight: .regular, sequence: 0),
        history: [PreferenceEvent] = []
    ) {
        self.preferences = preferences
        self.history = history
    }
}
