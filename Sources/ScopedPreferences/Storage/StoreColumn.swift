import DynamicType

/// A reader preference as a store's tables hold it, SQLite's (docs/DESIGN.md §12 (The store and the state file)) and
/// PostgreSQL's (docs/DESIGN.md §24 (Replicas on PostgreSQL)): its
/// value's column and its mark's in `preferences` and `scopes`, the `kind` of its history entries,
/// and the root's value before any change. The tables' layout after the frozen migrations is
/// derived from a list of these (`StoreSchema.migrator(for:)`, `PostgresSchema.conform(_:to:logger:)`); the store passes `declared`, and a
/// test may pass a list with a preference `ReaderPreference` does not have.
public struct StoreColumn: Hashable, Sendable {
    /// The value's column: `reduce_motion`.
    public var name: String
    /// The history's `kind` for the preference's entries: its wire name, `reduceMotion`.
    public var kind: String
    /// The root's value before any change: the default of its `preferences` column.
    public var initialValue: String

    /// The mark's column: `reduce_motion_mark`.
    public var markName: String { name + "_mark" }

    /// The initial value as an SQL string literal: `'off'`.
    public var initialValueLiteral: String { Self.literal(initialValue) }

    /// The kind as an SQL string literal: `'reduceMotion'`.
    public var kindLiteral: String { Self.literal(kind) }

    public init(name: String, kind: String, initialValue: String) {
        self.name = name
        self.kind = kind
        self.initialValue = initialValue
    }

    /// The columns `preference`'s declaration names.
    public init(_ preference: ReaderPreference) {
        self.init(name: preference.declaration.column, kind: preference.wireName, initialValue: preference.declaration.initialValue)
    }

    /// Every declared preference's, in `ReaderPreference.allCases` order.
    public static let declared = ReaderPreference.allCases.map(StoreColumn.init)

    /// The preferences' columns both stores' frozen layouts hold (SQLite's `v6`, PostgreSQL's version 5): each
    /// declared preference outside them is one derived migration (SQLite) or version (PostgreSQL) more.
    public static let frozenNames: Set<String> = [
        "category", "legibility_weight", "text_spacing", "reading_font", "minimum_category", "maximum_category",
    ]

    /// How many of `columns` the frozen layouts lack.
    public static func countBeyondFrozen(_ columns: [StoreColumn]) -> Int {
        columns.filter { !frozenNames.contains($0.name) }.count
    }

    /// `scopes`' CHECK condition, that at least one of `columns`' values is set: `category IS NOT NULL OR …`.
    public static func atLeastOneSet(_ columns: [StoreColumn]) -> String {
        columns.map { "\($0.name) IS NOT NULL" }.joined(separator: " OR ")
    }

    /// `history`'s kinds of `columns` as an SQL list: `'category', 'legibilityWeight', …`.
    public static func kindList(_ columns: [StoreColumn]) -> String {
        columns.map(\.kindLiteral).joined(separator: ", ")
    }

    /// The single-quoted strings of an SQL text (its odd parts between quotes): the kinds a CHECK on
    /// `history.kind` allows, in SQLite's text of the table and PostgreSQL's of the constraint.
    public static func quotedStrings(in sql: String) -> [String] {
        let parts = sql.split(separator: "'", omittingEmptySubsequences: false)
        return parts.indices.filter { $0 % 2 == 1 }.map { String(parts[$0]) }
    }

    private static func literal(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }
}
