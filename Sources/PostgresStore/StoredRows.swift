import DynamicType
import PostgresNIO
import ScopedPreferences

/// The rows of the store's tables as the service's types, each read by one query's columns in
/// order; a value or a scope fontd would not have written is `.damaged`, saying where.
enum StoredRows {
    /// Each preference's column and its mark's, as its declaration names them.
    private static let preferenceColumns = ReaderPreference.allCases.flatMap { [$0.declaration.column, $0.declaration.markColumn] }
    static let rootColumns = (preferenceColumns + ["sequence", "position"]).joined(separator: ", ")
    static let scopeColumns = (["scope"] + preferenceColumns).joined(separator: ", ")
    static let historyColumns = "position, sequence, is_event, scope, kind, value, previous"

    /// The preferences row (`rootColumns`): the root's record, the store's sequence and position.
    static func root(_ row: PostgresRow) throws -> (record: ScopeRecord, sequence: Int, position: Int) {
        let cells = row.makeRandomAccess()
        let values = try PerPreference { try cells[$0.declaration.column].decode(String.self) }
        guard ReaderPreference.allCases.allSatisfy({ $0.declaration.isRawValue(values[$0]) }) else {
            let held = ReaderPreference.allCases.map { "'\(values[$0])'" }
            throw PostgresStoreError.damaged("its preferences row holds \(held.dropLast().joined(separator: ", ")) and \(held.last ?? "")")
        }
        let root = "the root scope"
        let marks = try PerPreference { preference in
            try bounded(
                cells[preference.declaration.markColumn].decode(Int.self), "preferences.\(preference.declaration.markColumn)", of: root)
        }
        let record = ScopeRecord(scope: .root, values: PerPreference { values[$0] }, marks: marks)
        return (
            record, try bounded(cells["sequence"].decode(Int.self), "preferences.sequence", of: root),
            try bounded(cells["position"].decode(Int.self), "preferences.position", of: root)
        )
    }

    /// A `scopes` row (`scopeColumns`).
    static func scope(_ row: PostgresRow) throws -> ScopeRecord {
        let cells = row.makeRandomAccess()
        let path = try cells["scope"].decode(String.self)
        guard let scope = try? PreferenceScope(parsing: path) else {
            throw PostgresStoreError.damaged("its scopes table names the scope '\(path)', which is not a scope")
        }
        let values = try PerPreference { preference in
            try stored(
                cells[preference.declaration.column].decode(String?.self), of: preference,
                in: "the \(preference.declaration.noun) of the scope \(path)")
        }
        let marks = try PerPreference { preference in
            try bounded(
                cells[preference.declaration.markColumn].decode(Int.self), "scopes.\(preference.declaration.markColumn)",
                of: "the scope '\(path)'")
        }
        return ScopeRecord(scope: scope, values: values, marks: marks)
    }

    /// A `history` row (`historyColumns`).
    static func entry(_ row: PostgresRow) throws -> ScopeHistoryEntry {
        let (position, sequence, isEvent, path, kind, value, previous) = try row.decode(
            (Int, Int, Bool, String, String, String?, String?).self)
        let scope: PreferenceScope
        if path.isEmpty {
            scope = .root
        } else if let parsed = try? PreferenceScope(parsing: path) {
            scope = parsed
        } else {
            throw PostgresStoreError.damaged("history entry \(position) names the scope '\(path)', which is not a scope")
        }
        guard let preference = ReaderPreference(wireName: kind) else {
            throw PostgresStoreError.damaged("history entry \(position) is of the kind '\(kind)'")
        }
        let change = ScopeHistoryEntry.Change(
            preference, value: try stored(value, of: preference, in: "history entry \(position)'s \(preference.declaration.noun)"),
            previous: try stored(previous, of: preference, in: "history entry \(position)'s previous \(preference.declaration.noun)"))
        let owner = scope.isRoot ? "the root scope" : "the scope '\(path)'"
        return ScopeHistoryEntry(
            position: try bounded(position, "history.position", of: owner), sequence: try bounded(sequence, "history.sequence", of: owner),
            isEvent: isEvent, scope: scope, change: change)
    }

    /// `value` when it lies from 0 to `StoredScopes.maximumSequence`, where fontd keeps every id, mark
    /// and position (docs/DESIGN.md §12 (The store and the state file)); else the database was
    /// edited behind fontd's back, and `field` of `owner` is named with the value.
    static func bounded(_ value: Int, _ field: String, of owner: String) throws -> Int {
        guard (0...StoredScopes.maximumSequence).contains(value) else {
            throw PostgresStoreError.damaged(
                "\(field) (\(owner)) holds \(value), outside the 0 to \(StoredScopes.maximumSequence) fontd keeps ids and positions in")
        }
        return value
    }

    /// The value a column holds as its raw value of §3 (Vocabulary), NULL being nil (inherited).
    private static func stored(_ raw: String?, of preference: ReaderPreference, in place: String) throws -> String? {
        guard let raw else { return nil }
        guard preference.declaration.isRawValue(raw) else {
            throw PostgresStoreError.damaged("\(place) holds '\(raw)', which fontd does not know")
        }
        return raw
    }
}
