import GRDB
import ScopedPreferences

/// The tables after the frozen migrations, derived from the declared preferences (docs/DESIGN.md §12 (The store
/// and the state file)): a preference declared after `v6` needs no migration written by hand.
///
/// Each declared preference that `v6` does not know adds one migration to the migrator, `v7`, `v8` …,
/// and each of them runs `conform(_:to:)` over the whole list: it adds the columns the tables lack and
/// makes the CHECKs of `scopes` and `history` name exactly the declared preferences. The identifiers
/// count the preferences past `v6`, so a fontd that knows fewer of them finds a migration it does not
/// know and refuses the store as a newer fontd's (`newerSchema`), as it refuses any other; a fontd
/// that knows more runs the ones it adds. What a migration does is read from the tables, not from
/// its identifier, so a preference declared between two others is added just the same.
extension StoreSchema {
    /// The frozen migrations, then one derived migration per preference of `columns` that `v6` does not have.
    static func migrator(for columns: [StoreColumn]) -> DatabaseMigrator {
        var migrator = frozenMigrator
        for identifier in derivedIdentifiers(for: columns) {
            migrator.registerMigration(identifier) { db in try conform(db, to: columns) }
        }
        return migrator
    }

    /// `v7`, `v8` …: one identifier per preference of `columns` past `v6`'s.
    static func derivedIdentifiers(for columns: [StoreColumn]) -> [String] {
        let added = StoreColumn.countBeyondFrozen(columns)
        return (0..<added).map { "v\(7 + $0)" }
    }

    /// Makes the tables hold `columns`: adds to `preferences` the columns it lacks (the value
    /// `NOT NULL` with the initial value as its default, so the root row takes it; the mark 0),
    /// and makes `scopes` (a value of its own, NULL: inherited, at least one set) and `history`
    /// (its `kind`s) anew when they lack a column or their CHECK names other preferences: SQLite
    /// cannot change a CHECK in place. Does nothing, not even a write, when the tables already
    /// hold `columns`.
    static func conform(_ db: Database, to columns: [StoreColumn]) throws {
        let rootColumns = Set(try db.columns(in: "preferences").map(\.name))
        for column in columns where !rootColumns.contains(column.name) {
            try db.execute(
                sql: "ALTER TABLE preferences ADD COLUMN \(column.name) TEXT NOT NULL DEFAULT \(column.initialValueLiteral)")
        }
        for column in columns where !rootColumns.contains(column.markName) {
            try db.execute(sql: "ALTER TABLE preferences ADD COLUMN \(column.markDefinition)")
        }
        let scopeColumns = Set(try db.columns(in: "scopes").map(\.name))
        let lacksColumns = columns.contains { !scopeColumns.contains($0.name) || !scopeColumns.contains($0.markName) }
        if try lacksColumns || checkedColumns(inScopes: tableSQL(db, "scopes")) != Set(columns.map(\.name)) {
            try rebuildScopes(db, columns: columns, keeping: scopeColumns)
        }
        if try checkedKinds(inHistory: tableSQL(db, "history")) != Set(columns.map(\.kind)) {
            try rebuildHistory(db, columns: columns)
        }
    }

    /// The columns `scopes`' CHECK requires one of (`category IS NOT NULL OR …`), read from the table's SQL.
    static func checkedColumns(inScopes sql: String) -> Set<String> {
        let clauses = sql.components(separatedBy: " IS NOT NULL").dropLast()
        return Set(clauses.map { String($0.reversed().prefix { $0 == "_" || $0.isLetter || $0.isNumber }.reversed()) })
    }

    /// The kinds `history`'s CHECK allows, read from the table's SQL: its only quoted strings.
    static func checkedKinds(inHistory sql: String) -> Set<String> {
        Set(StoreColumn.quotedStrings(in: sql))
    }

    /// The SQL SQLite keeps for `table`, as it was created (and renamed).
    private static func tableSQL(_ db: Database, _ table: String) throws -> String {
        try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]) ?? ""
    }

    /// `scopes` made anew with `columns`, its rows copied (a column it did not have starts NULL, its mark 0).
    private static func rebuildScopes(_ db: Database, columns: [StoreColumn], keeping existing: Set<String>) throws {
        let definitions = columns.flatMap { ["\($0.name) TEXT", $0.markDefinition] }
        let copied = (["scope"] + columns.flatMap { [$0.name, $0.markName] }).filter(existing.contains).joined(separator: ", ")
        try db.execute(
            sql: """
                CREATE TABLE scopes_rebuilt (
                    scope TEXT PRIMARY KEY CHECK (scope <> ''),
                    \(definitions.joined(separator: ",\n    ")),
                    CHECK (\(StoreColumn.atLeastOneSet(columns)))
                ) STRICT;
                INSERT INTO scopes_rebuilt (\(copied)) SELECT \(copied) FROM scopes;
                DROP TABLE scopes;
                ALTER TABLE scopes_rebuilt RENAME TO scopes;
                """)
    }

    /// `history` made anew allowing the kinds of `columns`, its rows copied, its index made again.
    private static func rebuildHistory(_ db: Database, columns: [StoreColumn]) throws {
        try db.execute(
            sql: """
                CREATE TABLE history_rebuilt (
                    position INTEGER PRIMARY KEY CHECK (position >= 1),
                    sequence INTEGER NOT NULL CHECK (sequence >= 0),
                    is_event INTEGER NOT NULL CHECK (is_event IN (0, 1)),
                    scope TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN (\(StoreColumn.kindList(columns)))),
                    value TEXT,
                    previous TEXT
                ) STRICT;
                INSERT INTO history_rebuilt (position, sequence, is_event, scope, kind, value, previous)
                    SELECT position, sequence, is_event, scope, kind, value, previous FROM history;
                DROP TABLE history;
                ALTER TABLE history_rebuilt RENAME TO history;
                CREATE INDEX history_by_scope ON history (scope, position);
                """)
    }
}

extension StoreColumn {
    /// The mark's column definition, as every table has it: a whole number from 0, 0 until a change.
    fileprivate var markDefinition: String { "\(markName) INTEGER NOT NULL DEFAULT 0 CHECK (\(markName) >= 0)" }
}
