// The payloads one struct per preference had, kept as deprecated names of the one generic payload
// (docs/DESIGN.md §38 (One domain in the middle)).

/// The reader chose another content-size category.
@available(*, deprecated, message: "use PreferenceChange<ContentSizeCategory>")
public typealias CategoryChange = PreferenceChange<ContentSizeCategory>
/// The reader turned the accessibility "Bold Text" setting on or off.
@available(*, deprecated, message: "use PreferenceChange<LegibilityWeight>")
public typealias LegibilityWeightChange = PreferenceChange<LegibilityWeight>
/// The reader chose another text spacing.
@available(*, deprecated, message: "use PreferenceChange<TextSpacing>")
public typealias TextSpacingChange = PreferenceChange<TextSpacing>
/// The reader chose another reading font, or none.
@available(*, deprecated, message: "use PreferenceChange<ReadingFont>")
public typealias ReadingFontChange = PreferenceChange<ReadingFont>

extension PreferenceChange where Value == ContentSizeCategory {
    @available(*, deprecated, renamed: "init(scope:value:previous:sequence:)")
    public init(scope: String? = nil, category: ContentSizeCategory, previous: ContentSizeCategory, sequence: Int) {
        self.init(.category, scope: scope, value: category, previous: previous, sequence: sequence)
    }

    @available(*, deprecated, renamed: "value")
    public var category: ContentSizeCategory { value }
}

extension PreferenceChange where Value == LegibilityWeight {
    @available(*, deprecated, renamed: "init(scope:value:previous:sequence:)")
    public init(scope: String? = nil, legibilityWeight: LegibilityWeight, previous: LegibilityWeight, sequence: Int) {
        self.init(.legibilityWeight, scope: scope, value: legibilityWeight, previous: previous, sequence: sequence)
    }

    @available(*, deprecated, renamed: "value")
    public var legibilityWeight: LegibilityWeight { value }
}

extension PreferenceChange where Value == TextSpacing {
    @available(*, deprecated, renamed: "init(scope:value:previous:sequence:)")
    public init(scope: String? = nil, textSpacing: TextSpacing, previous: TextSpacing, sequence: Int) {
        self.init(.textSpacing, scope: scope, value: textSpacing, previous: previous, sequence: sequence)
    }

    @available(*, deprecated, renamed: "value")
    public var textSpacing: TextSpacing { value }
}

extension PreferenceChange where Value == ReadingFont {
    @available(*, deprecated, renamed: "init(scope:value:previous:sequence:)")
    public init(scope: String? = nil, readingFont: ReadingFont, previous: ReadingFont, sequence: Int) {
        self.init(.readingFont, scope: scope, value: readingFont, previous: previous, sequence: sequence)
    }

    @available(*, deprecated, renamed: "value")
    public var readingFont: ReadingFont { value }
}

/// Which end of a scope's clamp a bound's change was of; the change now names its preference.
@available(*, deprecated, message: "PreferenceChange<CategoryBound> names its preference")
public protocol CategoryBoundEnd: Sendable {}
@available(*, deprecated, message: "PreferenceChange<CategoryBound> names its preference")
public enum MinimumCategoryEnd {}
@available(*, deprecated, message: "PreferenceChange<CategoryBound> names its preference")
public enum MaximumCategoryEnd {}
/// A scope's bound moved, or was lifted.
@available(*, deprecated, message: "use PreferenceChange<CategoryBound>")
public typealias CategoryBoundChange<End> = PreferenceChange<CategoryBound>
