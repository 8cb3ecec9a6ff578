import DynamicType
import PostgresNIO

/// The rows of the store's tables as the service's types, each read by one query's columns in
/// order; a value or a scope fontd would not have written is `.damaged`, saying where.
enum StoredRows {
    static let rootColumns = "category, legibility_weight, category_mark, legibility_weight_mark, sequence, position, text_spacing, text_spacing_mark"
    static let scopeColumns = "scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark"
    static let historyColumns = "position, sequence, is_event, scope, kind, value, previous"

    /// The preferences row (`rootColumns`): the root's record, the store's sequence and position.
    static func root(_ row: PostgresRow) throws -> (record: ScopeRecord, sequence: Int, position: Int) {
        let (category, weight, categoryMark, weightMark, sequence, position, spacing, spacingMark) =
            try row.decode((String, String, Int, Int, Int, Int, String, Int).self)
        guard let category = ContentSizeCategory(rawValue: category), let weight = LegibilityWeight(rawValue: weight),
              let spacing = TextSpacing(rawValue: spacing)
        else {
            throw PostgresStoreError.damaged("its preferences row holds '\(category)', '\(weight)' and '\(spacing)'")
        }
        let root = "the root scope"
        let record = ScopeRecord(
            scope: .root, category: category, legibilityWeight: weight, textSpacing: spacing,
            categoryMark: try bounded(categoryMark, "preferences.category_mark", of: root),
            legibilityWeightMark: try bounded(weightMark, "preferences.legibility_weight_mark", of: root),
            textSpacingMark: try bounded(spacingMark, "preferences.text_spacing_mark", of: root))
        return (record, try bounded(sequence, "preferences.sequence", of: root), try bounded(position, "preferences.position", of: root))
    }

    /// A `scopes` row (`scopeColumns`).
    static func scope(_ row: PostgresRow) throws -> ScopeRecord {
        let (path, category, weight, categoryMark, weightMark, spacing, spacingMark) =
            try row.decode((String, String?, String?, Int, Int, String?, Int).self)
        guard let scope = try? PreferenceScope(parsing: path) else {
            throw PostgresStoreError.damaged("its scopes table names the scope '\(path)', which is not a scope")
        }
        return ScopeRecord(
            scope: scope,
            category: try stored(category, in: "the category of the scope \(path)"),
            legibilityWeight: try stored(weight, in: "the legibility weight of the scope \(path)"),
            textSpacing: try stored(spacing, in: "the text spacing of the scope \(path)"),
            categoryMark: try bounded(categoryMark, "scopes.category_mark", of: "the scope '\(path)'"),
            legibilityWeightMark: try bounded(weightMark, "scopes.legibility_weight_mark", of: "the scope '\(path)'"),
            textSpacingMark: try bounded(spacingMark, "scopes.text_spacing_mark", of: "the scope '\(path)'"))
    }

    /// A `history` row (`historyColumns`).
    static func entry(_ row: PostgresRow) throws -> ScopeHistoryEntry {
        let (position, sequence, isEvent, path, kind, value, previous) = try row.decode((Int, Int, Bool, String, String, String?, String?).self)
        let scope: PreferenceScope
        if path.isEmpty {
            scope = .root
        } else if let parsed = try? PreferenceScope(parsing: path) {
            scope = parsed
        } else {
            throw PostgresStoreError.damaged("history entry \(position) names the scope '\(path)', which is not a scope")
        }
        let change: ScopeHistoryEntry.Change
        switch kind {
        case "category":
            change = .category(
                try stored(value, in: "history entry \(position)'s category"), previous: try stored(previous, in: "history entry \(position)'s previous category"))
        case "legibilityWeight":
            change = .legibilityWeight(
                try stored(value, in: "history entry \(position)'s legibility weight"),
                previous: try stored(previous, in: "history entry \(position)'s previous legibility weight"))
        case "textSpacing":
            change = .textSpacing(
                try stored(value, in: "history entry \(position)'s text spacing"),
                previous: try stored(previous, in: "history entry \(position)'s previous text spacing"))
        default:
            throw PostgresStoreError.damaged("history entry \(position) is of the kind '\(kind)'")
        }
        let owner = scope.isRoot ? "the root scope" : "the scope '\(path)'"
        return ScopeHistoryEntry(
            position: try bounded(position, "history.position", of: owner), sequence: try bounded(sequence, "history.sequence", of: owner),
            isEvent: isEvent, scope: scope, change: change)
    }

    /// `value` when it lies from 0 to `StoredScopes.maximumSequence`, where fontd keeps every id, mark
    /// and position (docs/DESIGN.md §12 The store and the state file); else the database was
    /// edited behind fontd's back, and `field` of `owner` is named with the value.
    static func bounded(_ value: Int, _ field: String, of owner: String) throws -> Int {
        guard (0...StoredScopes.maximumSequence).contains(value) else {
            throw PostgresStoreError.damaged(
                "\(field) (\(owner)) holds \(value), outside the 0 to \(StoredScopes.maximumSequence) fontd keeps ids and positions in")
        }
        return value
    }

    /// The kind, value and previous value columns of `entry`.
    static func columns(of entry: ScopeHistoryEntry) -> (kind: String, value: String?, previous: String?) {
        switch entry.change {
        case .category(let value, let previous): ("category", value?.rawValue, previous?.rawValue)
        case .legibilityWeight(let value, let previous): ("legibilityWeight", value?.rawValue, previous?.rawValue)
        case .textSpacing(let value, let previous): ("textSpacing", value?.rawValue, previous?.rawValue)
        }
    }

    /// The value a column holds as its raw value of §3, NULL being nil (inherited).
    private static func stored<Value: RawRepresentable>(_ raw: String?, in place: String) throws -> Value? where Value.RawValue == String {
        guard let raw else { return nil }
        guard let value = Value(rawValue: raw) else { throw PostgresStoreError.damaged("\(place) holds '\(raw)', which fontd does not know") }
        return value
    }
}
