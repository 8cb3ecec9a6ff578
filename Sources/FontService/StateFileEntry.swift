import DynamicType

/// One change of the root scope's preferences as the state file's history keeps it
/// (docs/DESIGN.md §12 (The store and the state file)): its id and what changed, as raw values.
struct StateFileEntry: Equatable, Sendable {
    var sequence: Int
    var preference: ReaderPreference
    var value: String
    var previous: String

    /// The change as the event stream tells it (its wire form is the model's); nil for a value
    /// the preference does not take.
    var event: PreferenceEvent? {
        preference.declaration.changeEvent(scope: nil, value: value, previous: previous, sequence: sequence)
    }

    /// The SSE event name (docs/DESIGN.md §11 (The event stream)), which the state file's history records.
    var eventName: String { preference.declaration.eventName }
}
