import DynamicType

/// One change of the reader's preferences, as the event stream announces it and the state
/// file's history keeps it.
struct PreferenceChange: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case category(ContentSizeCategory, previous: ContentSizeCategory)
        case legibilityWeight(LegibilityWeight, previous: LegibilityWeight)
        case textSpacing(TextSpacing, previous: TextSpacing)
    }

    var sequence: Int
    var kind: Kind

    /// The change as the event stream tells it (its wire form is the model's).
    var event: PreferenceEvent {
        switch kind {
        case .category(let category, let previous):
            .categoryChanged(CategoryChange(category: category, previous: previous, sequence: sequence))
        case .legibilityWeight(let weight, let previous):
            .legibilityWeightChanged(LegibilityWeightChange(legibilityWeight: weight, previous: previous, sequence: sequence))
        case .textSpacing(let spacing, let previous):
            .textSpacingChanged(TextSpacingChange(textSpacing: spacing, previous: previous, sequence: sequence))
        }
    }

    /// The SSE event name (docs/DESIGN.md §11), which the state file's history records.
    var eventName: String { event.name }
}
