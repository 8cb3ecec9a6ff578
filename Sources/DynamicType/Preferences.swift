/// The reader's choices as the service keeps them: the category, the legibility weight, the
/// text spacing, and the sequence number of the last change (0 before any).
///
/// The body of `GET /preferences` and `PUT /preferences`, and of the `preferences` snapshot
/// event: `{"category": "l", "legibilityWeight": "regular", "textSpacing": "default", "sequence": 0}`.
///
/// For a scope other than the root (docs/DESIGN.md §23 (Reader scopes and scoped tokens)) it names the scope first and, last, the
/// preferences the scope inherits rather than sets itself:
/// `{"scope": "alice/phone", "category": "xl", "legibilityWeight": "regular", "textSpacing": "default",
/// "sequence": 57, "inherited": ["legibilityWeight", "textSpacing"]}`. The root scope's has neither.
///
/// It keeps the preferences as one raw value each (`fields`), so it names none of them but in
/// its typed accessors; its wire form is written by going through `ReaderPreference.allCases`
/// (`Preferences+Codable.swift`).
public struct Preferences: Hashable, Sendable {
    /// The scope's path; nil for the root scope.
    public var scope: String?
    /// Each preference's raw value as the answer carries it ("" for none): the category is the
    /// one answers at, clamped into the scope's bounds.
    var fields: PerPreference<String>
    /// The reader's category before the scope's bounds clamped it; nil for a scope with no bound,
    /// which the answer leaves out (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    public var requestedCategory: ContentSizeCategory?
    /// The id of the newest change that affected the scope.
    public var sequence: Int
    /// The installed fonts' generation (docs/DESIGN.md §25 (Font set changes)); nil from a server that does not tell it.
    public var fontGeneration: String?
    /// The preferences the scope inherits (`category`, `legibilityWeight`, `textSpacing`); nil for the root scope.
    public var inherited: [String]?

    public init(
        scope: String? = nil, category: ContentSizeCategory, legibilityWeight: LegibilityWeight, textSpacing: TextSpacing = .default,
        sequence: Int, fontGeneration: String? = nil, inherited: [String]? = nil, readingFont: String? = nil,
        requestedCategory: ContentSizeCategory? = nil, minimumCategory: ContentSizeCategory? = nil,
        maximumCategory: ContentSizeCategory? = nil
    ) {
        self.init(
            scope: scope, fields: PerPreference(repeating: ""), requestedCategory: requestedCategory, sequence: sequence,
            fontGeneration: fontGeneration, inherited: inherited)
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.readingFont = readingFont
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
    }

    /// The preferences whose fields are `fields`, raw values as the answer carries them.
    init(
        scope: String?, fields: PerPreference<String>, requestedCategory: ContentSizeCategory?, sequence: Int, fontGeneration: String?,
        inherited: [String]?
    ) {
        self.scope = scope
        self.fields = fields
        self.requestedCategory = requestedCategory
        self.sequence = sequence
        self.fontGeneration = fontGeneration
        self.inherited = inherited
    }
}

extension Preferences {
    /// The category answers at: the reader's, clamped into the scope's bounds.
    public var category: ContentSizeCategory {
        get { fields[.category, else: .default] }
        set { fields[.category, else: .default] = newValue }
    }

    public var legibilityWeight: LegibilityWeight {
        get { fields[.legibilityWeight, else: .regular] }
        set { fields[.legibilityWeight, else: .regular] = newValue }
    }

    public var textSpacing: TextSpacing {
        get { fields[.textSpacing, else: .default] }
        set { fields[.textSpacing, else: .default] = newValue }
    }

    /// The reading font (docs/DESIGN.md §33 (The reading font)); nil for none, which the answer leaves out.
    public var readingFont: String? {
        get { fields[.readingFont, else: ReadingFont.none].family }
        set { fields[.readingFont, else: ReadingFont.none] = ReadingFont(rawValue: newValue ?? "") }
    }

    /// The scope's bounds, the tightest on its path from the root; nil for none, which the answer leaves out.
    public var minimumCategory: ContentSizeCategory? {
        get { fields[.minimumCategory, else: CategoryBound.none].category }
        set { fields[.minimumCategory, else: CategoryBound.none] = CategoryBound(category: newValue) }
    }

    public var maximumCategory: ContentSizeCategory? {
        get { fields[.maximumCategory, else: CategoryBound.none].category }
        set { fields[.maximumCategory, else: CategoryBound.none] = CategoryBound(category: newValue) }
    }

    /// Each preference's raw value (`xl`, `bold`, `wcag`); the category is the reader's, before the scope's bounds.
    public var values: PerPreference<String> {
        var values = fields
        if let requestedCategory {
            for preference in ReaderPreference.allCases where preference.declaration.isClampedByBounds {
                values[preference] = requestedCategory.rawValue
            }
        }
        return values
    }
}
