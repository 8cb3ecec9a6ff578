import DynamicType

/// The reader's current choices that answers follow when a request leaves them out.
///
/// They start as the state file has them, else `initial`; `PUT /preferences` and `PUT /category`
/// change them.
public struct ReaderPreferences: Hashable, Sendable {
    public var category: ContentSizeCategory
    public var legibilityWeight: LegibilityWeight
    public var textSpacing: TextSpacing = .default
    /// The reading font (docs/DESIGN.md §33 (The reading font)); `.none` for the table's own families.
    public var readingFont: ReadingFont = .none
    /// The scope's bounds (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), the tightest on its path from the root.
    public var minimumCategory: CategoryBound = .none
    public var maximumCategory: CategoryBound = .none

    public init(
        category: ContentSizeCategory, legibilityWeight: LegibilityWeight, textSpacing: TextSpacing = .default,
        readingFont: ReadingFont = .none,
        minimumCategory: CategoryBound = .none, maximumCategory: CategoryBound = .none
    ) {
        self.category = category
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.readingFont = readingFont
    }

    /// Where a reader starts (docs/DESIGN.md §12 (The store and the state file): no state file → `l` / `regular` / `default`).
    public static let initial = ReaderPreferences(category: .default, legibilityWeight: .regular, textSpacing: .default)
}

extension ReaderPreferences {
    /// The preferences whose raw values are `values` (a value fontd does not know is the initial one).
    public init(values: PerPreference<String>) {
        self.init(
            category: ContentSizeCategory(rawValue: values[.category]) ?? .default,
            legibilityWeight: LegibilityWeight(rawValue: values[.legibilityWeight]) ?? .regular,
            textSpacing: TextSpacing(rawValue: values[.textSpacing]) ?? .default,
            readingFont: ReadingFont(rawValue: values[.readingFont]),
            minimumCategory: CategoryBound(rawValue: values[.minimumCategory]) ?? .none,
            maximumCategory: CategoryBound(rawValue: values[.maximumCategory]) ?? .none)
    }

    /// The scope's bounds as a range. Bounds that cross (an ancestor narrowed below a bound its
    /// descendant had set) meet at the upper one.
    public var range: CategoryRange {
        let minimum = minimumCategory.category
        let maximum = maximumCategory.category
        if let minimum, let maximum, minimum > maximum { return (try? CategoryRange(minimum: maximum, maximum: maximum)) ?? .unbounded }
        return (try? CategoryRange(minimum: minimum, maximum: maximum)) ?? .unbounded
    }

    /// The category clamped into `range`: what answers carry as `category`.
    public var clampedCategory: ContentSizeCategory { range.apply(to: category).category }

    /// The effective preferences an answer tells.
    public init(_ preferences: Preferences) {
        self.init(values: preferences.values)
    }

    /// These preferences as `GET /preferences` answers them for `scope`, with the id of the
    /// newest change that affected them and (not for the root) the preferences it inherits. A
    /// preference with no value (no reading font) is left out, of `inherited` too, so an answer
    /// without one is what it was before the reading font existed.
    public func answer(scope: PreferenceScope, sequence: Int, inherited: [ReaderPreference]) -> Preferences {
        let values = values
        let (clamped, requested) = range.apply(to: category)
        return Preferences(
            scope: scope.isRoot ? nil : scope.path, category: clamped, legibilityWeight: legibilityWeight, textSpacing: textSpacing,
            sequence: sequence, inherited: scope.isRoot ? nil : inherited.filter { !values[$0].isEmpty }.map(\.wireName),
            readingFont: readingFont.family, requestedCategory: requested, minimumCategory: minimumCategory.category,
            maximumCategory: maximumCategory.category)
    }

    /// The raw value of each preference.
    public var values: PerPreference<String> {
        var values = PerPreference(repeating: "")
        values[.category] = category.rawValue
        values[.legibilityWeight] = legibilityWeight.rawValue
        values[.textSpacing] = textSpacing.rawValue
        values[.readingFont] = readingFont.rawValue
        values[.minimumCategory] = minimumCategory.rawValue
        values[.maximumCategory] = maximumCategory.rawValue
        return values
    }

    /// The preferences but the reading font as one small integer, so they fit in an `Atomic`:
    /// the maximum's and the minimum's ordinal plus one (0: none) in four bits each, the category's
    /// ordinal, then a bit for WCAG text spacing, then one for bold.
    public var packed: UInt16 {
        let bounds: UInt16 = Self.packed(maximumCategory) << 10 | Self.packed(minimumCategory) << 6
        let flags: UInt16 = (textSpacing == .wcag ? 2 : 0) | (legibilityWeight == .bold ? 1 : 0)
        return bounds | UInt16(category.ordinal) << 2 | flags
    }

    /// The preferences `packed` stands for, with no reading font (read on every cached hit, so no allocation).
    public init(packed: UInt16) {
        let index = Int(packed >> 2 & 0xF)
        self.init(
            category: Self.categories.indices.contains(index) ? Self.categories[index] : .default,
            legibilityWeight: packed & 1 == 1 ? .bold : .regular,
            textSpacing: packed & 2 == 2 ? .wcag : .default,
            minimumCategory: Self.bound(packed >> 6 & 0xF), maximumCategory: Self.bound(packed >> 10 & 0xF))
    }

    private static func packed(_ bound: CategoryBound) -> UInt16 { UInt16(bound.category.map { $0.ordinal + 1 } ?? 0) }

    private static func bound(_ packed: UInt16) -> CategoryBound {
        categories.indices.contains(Int(packed) - 1) ? CategoryBound(category: categories[Int(packed) - 1]) : .none
    }

    private static let categories = ContentSizeCategory.allCases
}
