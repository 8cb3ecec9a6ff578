/// The reader's choices as the service keeps them: the category, the legibility weight, and
/// the sequence number of the last change (0 before any).
///
/// The body of `GET /preferences` and `PUT /preferences`, and of the `preferences` snapshot
/// event: `{"category": "l", "legibilityWeight": "regular", "sequence": 0}`.
///
/// For a scope other than the root (docs/DESIGN.md §10) it names the scope first and, last, the
/// preferences the scope inherits rather than sets itself:
/// `{"scope": "alice/phone", "category": "xl", "legibilityWeight": "regular", "sequence": 57,
/// "inherited": ["legibilityWeight"]}`. The root scope's has neither.
public struct Preferences: Hashable, Sendable, Codable {
    /// The scope's path; nil for the root scope.
    public var scope: String?
    public var category: ContentSizeCategory
    public var legibilityWeight: LegibilityWeight
    /// The id of the newest change that affected the scope.
    public var sequence: Int
    /// The installed fonts' generation (docs/DESIGN.md §25); nil from a server that does not tell it.
    public var fontGeneration: String?
    /// The preferences the scope inherits (`category`, `legibilityWeight`); nil for the root scope.
    public var inherited: [String]?

    public init(
        scope: String? = nil, category: ContentSizeCategory, legibilityWeight: LegibilityWeight, sequence: Int,
        fontGeneration: String? = nil, inherited: [String]? = nil
    ) {
        self.fontGeneration = fontGeneration
        self.scope = scope
        self.inherited = inherited
        self.category = category
        self.legibilityWeight = legibilityWeight
        self.sequence = sequence
    }
}
