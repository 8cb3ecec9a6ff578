import DynamicType

/// The store's state in the form every `PreferenceStorage` speaks.
extension PreferencesState {
    var stored: StoredPreferences {
        StoredPreferences(preferences: snapshot, history: history.map(\.event))
    }

    /// The state `stored` holds; events that are not changes (a snapshot) are left out.
    init(stored: StoredPreferences) {
        self.init()
        preferences = ReaderPreferences(
            category: stored.preferences.category, legibilityWeight: stored.preferences.legibilityWeight,
            textSpacing: stored.preferences.textSpacing)
        history = stored.history.compactMap(PreferenceChange.init(event:))
    }
}

extension PreferenceChange {
    /// The change an event announces; nil for a snapshot or a change of the fonts.
    init?(event: PreferenceEvent) {
        switch event {
        case .categoryChanged(let change):
            self.init(sequence: change.sequence, kind: .category(change.category, previous: change.previous))
        case .legibilityWeightChanged(let change):
            self.init(sequence: change.sequence, kind: .legibilityWeight(change.legibilityWeight, previous: change.previous))
        case .textSpacingChanged(let change):
            self.init(sequence: change.sequence, kind: .textSpacing(change.textSpacing, previous: change.previous))
        case .snapshot, .fontsChanged:
            return nil
        }
    }
}
