import DynamicType
import GRDB
import ScopedPreferences

/// The one row of the `preferences` table: the root scope's values and marks (each preference in
/// the column its declaration names), the store's sequence (the newest event's id over all
/// scopes) and the newest history position.
struct RootRow: FetchableRecord, PersistableRecord {
    static let databaseTableName = "preferences"

    /// Always 1: the table's CHECK keeps it to one row.
    var id = 1
    var values: PerPreference<String>
    var marks: PerPreference<Int>
    var sequence: Int
    var position: Int

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        values = try PerPreference { try row.decode(forColumn: $0.declaration.column) }
        marks = try PerPreference { try row.decode(forColumn: $0.declaration.markColumn) }
        sequence = try row.decode(forColumn: "sequence")
        position = try row.decode(forColumn: "position")
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        for preference in ReaderPreference.allCases {
            container[preference.declaration.column] = values[preference]
            container[preference.declaration.markColumn] = marks[preference]
        }
        container["sequence"] = sequence
        container["position"] = position
    }

    /// The row of the store at `db`; a missing row means the store was not written by fontd.
    static func fetch(_ db: Database, path: String) throws -> RootRow {
        guard let row = try fetchOne(db, key: 1) else {
            throw SQLiteStoreError.damaged(path, reason: "its preferences row is missing")
        }
        return row
    }

    /// Takes the root scope's values and marks; the root never inherits, so every value must be set.
    mutating func setRoot(_ record: ScopeRecord) throws(SQLiteStoreError) {
        if let cleared = record.values.preferences(where: { $0 == nil }).first {
            throw .invalidCommit("the root scope's \(cleared.declaration.noun) cannot be cleared; it has nothing to inherit from")
        }
        values = PerPreference { record.values[$0] ?? $0.declaration.initialValue }
        marks = record.marks
    }

    /// The root scope's record; a value this version does not know means the row was not written by fontd.
    func root(path: String) throws(SQLiteStoreError) -> ScopeRecord {
        guard ReaderPreference.allCases.allSatisfy({ $0.declaration.isRawValue(values[$0]) }) else {
            let held = ReaderPreference.allCases.map { "'\(values[$0])'" }
            throw .damaged(path, reason: "its preferences row holds \(held.dropLast().joined(separator: ", ")) and \(held.last ?? "")")
        }
        return ScopeRecord(scope: .root, values: PerPreference { values[$0] }, marks: marks)
    }
}
