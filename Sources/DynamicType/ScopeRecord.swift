/// One scope's own preferences as a store keeps them (docs/DESIGN.md §10): the values it set
/// itself (nil: inherited from its parent) and, per preference, a mark from which the id of
/// the newest change that affected it is told.
///
/// The mark of a preference is the id of the newest change that affected the scope's
/// effective value as of the scope's own last change of it. While the scope has its own value
/// nothing above it can affect that preference, so the mark is the answer; while it inherits,
/// the answer is the larger of the mark and its parent's answer.
public struct ScopeRecord: Hashable, Sendable {
    public var scope: PreferenceScope
    public var category: ContentSizeCategory?
    public var legibilityWeight: LegibilityWeight?
    public var textSpacing: TextSpacing?
    public var categoryMark: Int
    public var legibilityWeightMark: Int
    public var textSpacingMark: Int

    /// A record of `scope`'s own values; the root's text spacing, when not given, is `default`
    /// (the root has every value, and records made before text spacing existed name none).
    public init(
        scope: PreferenceScope, category: ContentSizeCategory? = nil, legibilityWeight: LegibilityWeight? = nil,
        textSpacing: TextSpacing? = nil, categoryMark: Int = 0, legibilityWeightMark: Int = 0, textSpacingMark: Int = 0
    ) {
        self.scope = scope
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing ?? (scope.isRoot ? .default : nil)
        self.categoryMark = categoryMark
        self.legibilityWeightMark = legibilityWeightMark
        self.textSpacingMark = textSpacingMark
    }

    /// Whether the scope holds no value of its own: a store deletes such a scope (the root excepted).
    public var isEmpty: Bool { category == nil && legibilityWeight == nil && textSpacing == nil }

    /// The root scope as it starts: `l` / `regular` / `default`, no change yet.
    public static let initialRoot = ScopeRecord(scope: .root, category: .default, legibilityWeight: .regular, textSpacing: .default)
}
