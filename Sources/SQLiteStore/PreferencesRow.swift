import DynamicType
import GRDB

/// The one row of the `preferences` table: the root scope's values and marks, the store's
/// sequence (the newest event's id over all scopes) and the newest history position.
struct PreferencesRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "preferences"

    /// Always 1: the table's CHECK keeps it to one row.
    var id = 1
    var category: String
    var legibilityWeight: String
    var categoryMark: Int
    var legibilityWeightMark: Int
    var sequence: Int
    var position: Int
    var textSpacing: String
    var textSpacingMark: Int

    private enum CodingKeys: String, CodingKey {
        case id, category, legibilityWeight = "legibility_weight", categoryMark = "category_mark"
        case legibilityWeightMark = "legibility_weight_mark", sequence, position
        case textSpacing = "text_spacing", textSpacingMark = "text_spacing_mark"
    }

    /// The row of the store at `db`; a missing row means the store was not written by fontd.
    static func fetch(_ db: Database, path: String) throws -> PreferencesRow {
        guard let row = try fetchOne(db, key: 1) else {
            throw SQLiteStoreError.damaged(path, reason: "its preferences row is missing")
        }
        return row
    }

    /// Takes the root scope's values and marks; the root never inherits, so every value must be set.
    mutating func setRoot(_ record: ScopeRecord) throws(SQLiteStoreError) {
        guard let category = record.category, let weight = record.legibilityWeight, let spacing = record.textSpacing else {
            let cleared = record.category == nil ? "category" : record.legibilityWeight == nil ? "legibility weight" : "text spacing"
            throw .invalidCommit("the root scope's \(cleared) cannot be cleared; it has nothing to inherit from")
        }
        self.category = category.rawValue
        legibilityWeight = weight.rawValue
        textSpacing = spacing.rawValue
        categoryMark = record.categoryMark
        legibilityWeightMark = record.legibilityWeightMark
        textSpacingMark = record.textSpacingMark
    }

    /// The root scope's record; a value this version does not know means the row was not written by fontd.
    func root(path: String) throws(SQLiteStoreError) -> ScopeRecord {
        guard let category = ContentSizeCategory(rawValue: category), let weight = LegibilityWeight(rawValue: legibilityWeight),
              let spacing = TextSpacing(rawValue: textSpacing)
        else {
            throw .damaged(path, reason: "its preferences row holds '\(category)', '\(legibilityWeight)' and '\(textSpacing)'")
        }
        return ScopeRecord(
            scope: .root, category: category, legibilityWeight: weight, textSpacing: spacing, categoryMark: categoryMark,
            legibilityWeightMark: legibilityWeightMark, textSpacingMark: textSpacingMark)
    }
}
