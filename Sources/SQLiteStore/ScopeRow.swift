import DynamicType
import GRDB
import ScopedPreferences

/// One row of the `scopes` table: a scope other than the root with at least one value of its
/// own (NULL: inherited), and its marks; each preference in the column its declaration names,
/// its mark in that column with `_mark`.
struct ScopeRow: FetchableRecord, PersistableRecord {
    static let databaseTableName = "scopes"

    var scope: String
    var values: PerPreference<String?>
    var marks: PerPreference<Int>

    init(_ record: ScopeRecord) {
        scope = record.scope.path
        values = record.values
        marks = record.marks
    }

    init(row: Row) throws {
        scope = try row.decode(forColumn: "scope")
        values = try PerPreference { try row.decode(forColumn: $0.declaration.column) }
        marks = try PerPreference { try row.decode(forColumn: $0.declaration.markColumn) }
    }

    func encode(to container: inout PersistenceContainer) {
        container["scope"] = scope
        for preference in ReaderPreference.allCases {
            container[preference.declaration.column] = values[preference]
            container[preference.declaration.markColumn] = marks[preference]
        }
    }

    /// The scope's record; a scope name outside the form, a value this version does not know,
    /// or a row with no value at all means the row was not written by fontd.
    func record(path: String) throws(SQLiteStoreError) -> ScopeRecord {
        guard let scope = try? PreferenceScope(parsing: scope) else {
            throw .damaged(path, reason: "its scopes table names the scope '\(scope)', which is not a scope")
        }
        guard !values.preferences(where: { $0 != nil }).isEmpty else {
            throw .damaged(path, reason: "its scopes table holds \(scope.path) with no value of its own")
        }
        for preference in ReaderPreference.allCases {
            if let value = values[preference], !preference.declaration.isRawValue(value) {
                throw .damaged(
                    path,
                    reason: "the \(preference.declaration.noun) of the scope \(scope.path) holds '\(value)', which fontd does not know")
            }
        }
        return ScopeRecord(scope: scope, values: values, marks: marks)
    }
}
