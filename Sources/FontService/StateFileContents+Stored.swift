import DynamicType
import ScopedPreferences

/// The store's state in the form every `PreferenceStorage` speaks.
extension StateFileContents {
    var stored: StoredPreferences {
        StoredPreferences(preferences: snapshot, history: history.compactMap(\.event))
    }

    /// The state `stored` holds; events that are not changes (a snapshot) are left out.
    init(stored: StoredPreferences) {
        self.init()
        preferences = ReaderPreferences(stored.preferences)
        history = stored.history.compactMap(StateFileEntry.init(event:))
    }
}

extension StateFileEntry {
    /// The change an event announces; nil for a snapshot or a change of the fonts.
    init?(event: PreferenceEvent) {
        guard let (preference, payload) = event.change else { return nil }
        self.init(sequence: payload.sequence, preference: preference, value: payload.rawValues.value, previous: payload.rawValues.previous)
    }
}
