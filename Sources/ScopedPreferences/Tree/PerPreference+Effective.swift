import DynamicType

/// A scope's effective preferences — the reader's current choices that answers follow when a request
/// leaves them out — are a `PerPreference<String>` of raw values (docs/DESIGN.md §10 (Reader
/// preferences)); these read and write them typed.
///
/// They start as the store has them, else `initial`; `PUT /preferences` and `PUT /category` change them.
extension PerPreference where Value == String {
    /// Where a reader starts: every preference at its declaration's initial value (docs/DESIGN.md §12 (The store and the
    /// state file): no state file → `l` / `regular` / `default`).
    public static var initial: PerPreference<String> { PerPreference { $0.declaration.initialValue } }

    /// The effective preferences `answer` tells (the category the reader's own, before the scope's bounds).
    public init(_ answer: Preferences) {
        self = answer.values.normalized()
    }

    /// These values with each one its declaration does not take replaced by the declaration's initial value.
    public func normalized() -> PerPreference<String> {
        PerPreference { preference in
            preference.declaration.isRawValue(self[preference]) ? self[preference] : preference.declaration.initialValue
        }
    }

    /// These preferences with `keyPath` set to `value`: `.initial.with(\.category, .extraLarge)`.
    public func with<Field>(_ keyPath: WritableKeyPath<Self, Field>, _ value: Field) -> Self {
        var changed = self
        changed[keyPath: keyPath] = value
        return changed
    }

    /// The reader's category, before the scope's bounds clamp it (`clampedCategory`).
    public var category: ContentSizeCategory {
        get { self[.category, else: .default] }
        set { self[.category, else: .default] = newValue }
    }

    public var legibilityWeight: LegibilityWeight {
        get { self[.legibilityWeight, else: .regular] }
        set { self[.legibilityWeight, else: .regular] = newValue }
    }

    public var textSpacing: TextSpacing {
        get { self[.textSpacing, else: .default] }
        set { self[.textSpacing, else: .default] = newValue }
    }

    /// The reading font (docs/DESIGN.md §33 (The reading font)); `.none` for the table's own families.
    public var readingFont: ReadingFont {
        get { self[.readingFont, else: .none] }
        set { self[.readingFont, else: .none] = newValue }
    }

    /// The scope's bounds (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), the tightest on its path from the root.
    public var minimumCategory: CategoryBound {
        get { self[.minimumCategory, else: .none] }
        set { self[.minimumCategory, else: .none] = newValue }
    }

    public var maximumCategory: CategoryBound {
        get { self[.maximumCategory, else: .none] }
        set { self[.maximumCategory, else: .none] = newValue }
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

    /// These preferences as `GET /preferences` answers them for `scope`, with the id of the
    /// newest change that affected them and (not for the root) the preferences it inherits. A
    /// preference with no value (no reading font) is left out, of `inherited` too, so an answer
    /// without one is what it was before the reading font existed.
    public func answer(scope: PreferenceScope, sequence: Int, inherited: [ReaderPreference]) -> Preferences {
        let (clamped, requested) = range.apply(to: category)
        return Preferences(
            scope: scope.isRoot ? nil : scope.path, values: normalized(), clampedTo: clamped, requestedCategory: requested,
            sequence: sequence, inherited: scope.isRoot ? nil : inherited.filter { !self[$0].isEmpty }.map(\.wireName))
    }
}
