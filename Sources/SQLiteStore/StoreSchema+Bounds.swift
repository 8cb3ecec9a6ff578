import DynamicType
import GRDB
import ScopedPreferences

/// Every number the store holds is an id, a mark or a history position, each from 0 to
/// `StoredScopes.maximumSequence` (docs/DESIGN.md §12 (The store and the state file)): the bound the
/// service stops ids and positions at. A store holding more was edited behind fontd's back; served,
/// its ids would not be exact in JSON, and the next change would pass `Int.max`.
extension StoreSchema {
    /// A column of numbers, and the column naming the scope of its row (nil: the root's row).
    struct NumberColumn {
        var table: String
        var column: String
        var scopeColumn: String?
    }

    /// The numbers of every version's tables; a column the store does not have (yet) is passed over.
    static let numberColumns: [NumberColumn] =
        [
            NumberColumn(table: "preferences", column: "sequence"),
            NumberColumn(table: "preferences", column: "position"),
        ]
        + ReaderPreference.allCases.flatMap { preference in
            [
                NumberColumn(table: "preferences", column: preference.declaration.markColumn),
                NumberColumn(table: "scopes", column: preference.declaration.markColumn, scopeColumn: "scope"),
            ]
        } + [
            NumberColumn(table: "history", column: "position", scopeColumn: "scope"),
            NumberColumn(table: "history", column: "sequence", scopeColumn: "scope"),
            NumberColumn(table: "dropped_history", column: "through_sequence", scopeColumn: "scope"),
            // v1's, before it is migrated.
            NumberColumn(table: "changes", column: "sequence"),
        ]

    /// Refuses the store when any of its numbers is outside 0…`StoredScopes.maximumSequence`,
    /// naming the table, the column, the scope and the value.
    static func checkNumbers(_ db: Database, path: String) throws {
        for number in numberColumns where try db.tableExists(number.table) {
            let columns = Set(try db.columns(in: number.table).map(\.name))
            guard columns.contains(number.column) else { continue }
            let scope = number.scopeColumn.map { "\($0.quotedDatabaseIdentifier)" } ?? "NULL"
            let column = number.column.quotedDatabaseIdentifier
            let sql = """
                SELECT \(column) AS value, \(scope) AS scope FROM \(number.table.quotedDatabaseIdentifier)
                WHERE \(column) < 0 OR \(column) > ? LIMIT 1
                """
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [StoredScopes.maximumSequence]) else { continue }
            let value: Int64 = row["value"]
            let name: String? = row["scope"]
            let owner =
                switch name {
                case nil where number.table == "preferences": " (the root scope)"
                case nil: ""
                case ""?: " (the root scope)"
                case let name?: " (the scope '\(name)')"
                }
            throw SQLiteStoreError.damaged(
                path,
                reason:
                    "\(number.table).\(number.column)\(owner) holds \(value), outside the 0 to \(StoredScopes.maximumSequence) fontd keeps ids and positions in"
            )
        }
    }
}
