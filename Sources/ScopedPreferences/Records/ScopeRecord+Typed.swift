import DynamicType

/// The typed view of a record, for code and tests that name the first three preferences.
extension ScopeRecord {
    public init(
        scope: PreferenceScope, category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil,
        textSpacing: TextSpacing? = nil, categoryMark: Int = 0, legibilityWeightMark: Int = 0, textSpacingMark: Int = 0
    ) {
        var values = PerPreference<String?>(repeating: nil)
        values[.category] = category?.rawValue
        values[.legibilityWeight] = legibilityWeight?.rawValue
        values[.textSpacing] = textSpacing?.rawValue
        var marks = PerPreference(repeating: 0)
        marks[.category] = categoryMark
        marks[.legibilityWeight] = legibilityWeightMark
        marks[.textSpacing] = textSpacingMark
        self.init(scope: scope, values: values, marks: marks)
    }

    public var category: ContentSizeCategory? {
        get { values[.category].flatMap(ContentSizeCategory.init(rawValue:)) }
        set { values[.category] = newValue?.rawValue }
    }

    public var legibilityWeight: LegibilityWeight? {
        get { values[.legibilityWeight].flatMap(LegibilityWeight.init(rawValue:)) }
        set { values[.legibilityWeight] = newValue?.rawValue }
    }

    public var textSpacing: TextSpacing? {
        get { values[.textSpacing].flatMap(TextSpacing.init(rawValue:)) }
        set { values[.textSpacing] = newValue?.rawValue }
    }

    public var categoryMark: Int {
        get { marks[.category] }
        set { marks[.category] = newValue }
    }

    public var legibilityWeightMark: Int {
        get { marks[.legibilityWeight] }
        set { marks[.legibilityWeight] = newValue }
    }

    public var textSpacingMark: Int {
        get { marks[.textSpacing] }
        set { marks[.textSpacing] = newValue }
    }
}
