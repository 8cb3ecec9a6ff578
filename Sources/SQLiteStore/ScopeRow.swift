import DynamicType
import GRDB

/// One row of the `scopes` table: a scope other than the root with at least one value of its
/// own (NULL: inherited), and its marks.
struct ScopeRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scopes"

    var scope: String
    var category: String?
    var legibilityWeight: String?
    var categoryMark: Int
    var legibilityWeightMark: Int
    var textSpacing: String?
    var textSpacingMark: Int

    private enum CodingKeys: String, CodingKey {
        case scope, category, legibilityWeight = "legibility_weight", categoryMark = "category_mark"
        case legibilityWeightMark = "legibility_weight_mark", textSpacing = "text_spacing", textSpacingMark = "text_spacing_mark"
    }

    init(_ record: ScopeRecord) {
        scope = record.scope.path
        category = record.category?.rawValue
        legibilityWeight = record.legibilityWeight?.rawValue
        categoryMark = record.categoryMark
        legibilityWeightMark = record.legibilityWeightMark
        textSpacing = record.textSpacing?.rawValue
        textSpacingMark = record.textSpacingMark
    }

    /// The scope's record; a scope name outside the form, a value this version does not know,
    /// or a row with no value at all means the row was not written by fontd.
    func record(path: String) throws(SQLiteStoreError) -> ScopeRecord {
        guard let scope = try? PreferenceScope(parsing: scope) else {
            throw .damaged(path, reason: "its scopes table names the scope '\(scope)', which is not a scope")
        }
        guard category != nil || legibilityWeight != nil || textSpacing != nil else {
            throw .damaged(path, reason: "its scopes table holds \(scope.path) with no value of its own")
        }
        return ScopeRecord(
            scope: scope,
            category: try .stored(category, path: path, in: "the category of the scope \(scope.path)"),
            legibilityWeight: try .stored(legibilityWeight, path: path, in: "the legibility weight of the scope \(scope.path)"),
            textSpacing: try .stored(textSpacing, path: path, in: "the text spacing of the scope \(scope.path)"),
            categoryMark: categoryMark, legibilityWeightMark: legibilityWeightMark, textSpacingMark: textSpacingMark)
    }
}
