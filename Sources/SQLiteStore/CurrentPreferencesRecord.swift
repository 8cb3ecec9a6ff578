import DynamicType
import GRDB

/// The one row of the `preferences` table: the current category, legibility weight and the
/// sequence of the last change (0 before any).
struct CurrentPreferencesRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "preferences"

    /// Always 1: the table's CHECK keeps it to one row.
    var id = 1
    var category: String
    var legibilityWeight: String
    var sequence: Int

    private enum CodingKeys: String, CodingKey {
        case id, category, legibilityWeight = "legibility_weight", sequence
    }

    init(_ preferences: Preferences) {
        category = preferences.category.rawValue
        legibilityWeight = preferences.legibilityWeight.rawValue
        sequence = preferences.sequence
    }

    /// The row of the store at `db`; a missing row or a value this version does not know means
    /// the store was not written by fontd.
    static func fetch(_ db: Database, path: String) throws -> Preferences {
        guard let row = try fetchOne(db, key: 1) else {
            throw SQLiteStoreError.damaged(path, reason: "its preferences row is missing")
        }
        guard let category = ContentSizeCategory(rawValue: row.category), let weight = LegibilityWeight(rawValue: row.legibilityWeight) else {
            throw SQLiteStoreError.damaged(path, reason: "its preferences row holds '\(row.category)' and '\(row.legibilityWeight)'")
        }
        return Preferences(category: category, legibilityWeight: weight, sequence: row.sequence)
    }
}
