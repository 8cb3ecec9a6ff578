import DynamicType

/// The typed view of a change, for code and tests that name the first three preferences.
extension ScopeHistoryEntry.Change {
    public static func category(_ value: ContentSizeCategory?, previous: ContentSizeCategory?) -> Self {
        Self(.category, value, previous: previous)
    }

    public static func legibilityWeight(_ value: LegibilityWeight?, previous: LegibilityWeight?) -> Self {
        Self(.legibilityWeight, value, previous: previous)
    }

    public static func textSpacing(_ value: TextSpacing?, previous: TextSpacing?) -> Self {
        Self(.textSpacing, value, previous: previous)
    }
}
