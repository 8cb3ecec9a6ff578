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
public struct Preferences: Hashable, Sendable, Codable {
    /// The scope's path; nil for the root scope.
    public var scope: String?
    /// The category answers at: the reader's, clamped into the scope's bounds.
    public var category: ContentSizeCategory
    /// The reader's category before the scope's bounds clamped it; nil for a scope with no bound,
    /// which the answer leaves out (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    public var requestedCategory: ContentSizeCategory?
    public var legibilityWeight: LegibilityWeight
    public var textSpacing: TextSpacing
    /// The reading font (docs/DESIGN.md §33 (The reading font)); nil for none, which the answer leaves out.
    public var readingFont: String?
    /// The scope's bounds, the tightest on its path from the root; nil for none, which the answer leaves out.
    public var minimumCategory: ContentSizeCategory?
    public var maximumCategory: ContentSizeCategory?
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
        self.readingFont = readingFont
        self.requestedCategory = requestedCategory
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
        self.fontGeneration = fontGeneration
        self.scope = scope
        self.inherited = inherited
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.textSpacing = textSpacing
        self.sequence = sequence
    }

    private enum CodingKeys: String, CodingKey {
        case scope, category, requestedCategory, legibilityWeight, textSpacing, readingFont, minimumCategory, maximumCategory, sequence,
            fontGeneration, inherited
    }

    /// Reads the preferences; a server from before text spacing leaves it out, which is `default`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            scope: try container.decodeIfPresent(String.self, forKey: .scope),
            category: try container.decode(ContentSizeCategory.self, forKey: .category),
            legibilityWeight: try container.decode(LegibilityWeight.self, forKey: .legibilityWeight),
            textSpacing: try container.decodeIfPresent(TextSpacing.self, forKey: .textSpacing) ?? .default,
            sequence: try container.decode(Int.self, forKey: .sequence),
            fontGeneration: try container.decodeIfPresent(String.self, forKey: .fontGeneration),
            inherited: try container.decodeIfPresent([String].self, forKey: .inherited),
            readingFont: try container.decodeIfPresent(String.self, forKey: .readingFont),
            requestedCategory: try container.decodeIfPresent(ContentSizeCategory.self, forKey: .requestedCategory),
            minimumCategory: try container.decodeIfPresent(ContentSizeCategory.self, forKey: .minimumCategory),
            maximumCategory: try container.decodeIfPresent(ContentSizeCategory.self, forKey: .maximumCategory))
    }
}

extension Preferences {
    /// Each preference's raw value (`xl`, `bold`, `wcag`); the category is the reader's, before the scope's bounds.
    public var values: PerPreference<String> {
        var values = PerPreference(repeating: "")
        values[.category] = (requestedCategory ?? category).rawValue
        values[.legibilityWeight] = legibilityWeight.rawValue
        values[.textSpacing] = textSpacing.rawValue
        values[.readingFont] = readingFont ?? ""
        values[.minimumCategory] = minimumCategory?.rawValue ?? ""
        values[.maximumCategory] = maximumCategory?.rawValue ?? ""
        return values
    }
}
