import GRDB

/// The store's tables, made by GRDB's migrator, and the checks that tell a fontd store from
/// any other file before anything is written to it.
///
/// - `preferences`: one row (id 1) with the current category, legibility weight and sequence.
///   The sequence is kept in the row rather than derived from the newest change so that the
///   current state is one row read, and so that the open-time check has two records to compare
///   (they must agree). The values cannot be derived from the history: pruning may drop the
///   last change of one kind.
/// - `changes`: one row per change, `sequence` the primary key (SQLite's rowid, so range reads
///   and pruning walk the table's own b-tree), `kind` `category` or `legibilityWeight`, and
///   the raw values of §3 in `value` and `previous`.
///
/// Both tables are STRICT (SQLite 3.37 and later), so SQLite itself refuses a value of the
/// wrong type.
enum StoreSchema {
    /// The tables (and GRDB's bookkeeping) a fontd store holds, and nothing else.
    static let tableNames: Set<String> = ["grdb_migrations", "preferences", "changes"]

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        // Frozen as written: a later schema is a new migration, never an edit of this one.
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE preferences (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    category TEXT NOT NULL,
                    legibility_weight TEXT NOT NULL,
                    sequence INTEGER NOT NULL CHECK (sequence >= 0)
                ) STRICT;
                INSERT INTO preferences (id, category, legibility_weight, sequence) VALUES (1, 'l', 'regular', 0);
                CREATE TABLE changes (
                    sequence INTEGER PRIMARY KEY CHECK (sequence >= 1),
                    kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight')),
                    value TEXT NOT NULL,
                    previous TEXT NOT NULL
                ) STRICT;
                """)
        }
        return migrator
    }()

    /// Whether the database at `db` is new (no schema yet, or only GRDB's empty bookkeeping
    /// table a migration cut short leaves), after refusing anything that is not a whole fontd
    /// store: another application's tables, a newer fontd's migrations, a failed integrity
    /// check, a sequence that disagrees with the history. Reads only.
    static func isNew(_ db: Database, path: String) throws -> Bool {
        let objects = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
        let foreign = objects.filter { !tableNames.contains($0) }
        guard foreign.isEmpty else {
            throw SQLiteStoreError.damaged(path, reason: "it is an SQLite database with tables fontd does not make (\(foreign.joined(separator: ", ")))")
        }
        let applied = try migrator.appliedIdentifiers(db)
        let known = try migrator.appliedMigrations(db)
        guard applied.count == known.count else { throw SQLiteStoreError.newerSchema(path, migrations: applied.sorted()) }
        if applied.isEmpty {
            guard objects.allSatisfy({ $0 == "grdb_migrations" }) else {
                throw SQLiteStoreError.damaged(path, reason: "it has fontd's tables but no record of their migration")
            }
            return true
        }
        let missing = tableNames.subtracting(objects)
        guard missing.isEmpty else {
            throw SQLiteStoreError.damaged(path, reason: "its tables \(missing.sorted().joined(separator: ", ")) are missing")
        }
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
        guard problems == ["ok"] else {
            throw SQLiteStoreError.damaged(path, reason: "SQLite's integrity check fails (\(problems.joined(separator: "; ")))")
        }
        let sequence = try CurrentPreferencesRecord.fetch(db, path: path).sequence
        let newest = try Int.fetchOne(db, sql: "SELECT MAX(sequence) FROM changes") ?? 0
        guard newest == sequence else {
            throw SQLiteStoreError.damaged(path, reason: "its sequence is \(sequence) but its newest change is \(newest)")
        }
        return false
    }
}
