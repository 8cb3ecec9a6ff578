import GRDB
import ScopedPreferences

/// The store's tables, made by GRDB's migrator, and the checks that tell a fontd store from
/// any other file before anything is written to it.
///
/// - `preferences`: one row (id 1) with the root scope's values and marks (docs/DESIGN.md §12 (The store and the state file)),
///   the store's sequence (the id of the newest event over all scopes) and `position`, that of
///   the newest history entry. They are kept in the row rather than derived from the history so
///   that they outlive the entries the service drops, and so that the open-time check has two
///   records to compare. (Before `v2` the row had no marks and `sequence` was the newest change's;
///   before `v3`, no text spacing; before `v5`, no reading font; before `v6`, no bounds. A preference
///   declared since has its columns added by a migration derived from its declaration, `v7` on.)
/// - `scopes`: one row per scope other than the root that has a value of its own (NULL:
///   inherited, never all of them), with its marks.
/// - `history`: one row per change of a scope's own value, `position` the primary key (SQLite's
///   rowid, so range reads walk the table's own b-tree); `sequence` the event's id (for a silent
///   entry, `is_event` 0, the store's sequence then); `scope` the path, `''` for the root;
///   `kind` a preference's wire name (`category` … `maximumCategory`); the raw values of §3 (Vocabulary) in `value` and `previous`
///   (NULL: inherited). Indexed by `(scope, position)` for the drops of one scope.
/// - `dropped_history`: per scope whose older entries were dropped, the largest sequence among them.
/// - `revocations` (`v4`): per scope (never the root) whose scoped tokens were revoked, the newest
///   revocation's `revoked_before`, whole seconds since 1970 (docs/DESIGN.md §23 (Reader scopes and scoped
///   tokens)). Kept with the preferences because a token's validity is the store's, not a
///   process's: it outlives restarts.
///
/// Every table is STRICT (SQLite 3.37 and later), so SQLite itself refuses a value of the
/// wrong type.
enum StoreSchema {
    /// The tables (and GRDB's bookkeeping) a fontd store holds, and nothing else.
    static let tableNames: Set<String> = ["grdb_migrations", "preferences", "scopes", "history", "dropped_history", "revocations"]
    /// The tables of a store at `v2` or `v3`, before `v4` adds `revocations`.
    static let v3TableNames = tableNames.subtracting(["revocations"])
    /// The tables of a store that an older fontd left at `v1`, which `v2` migrates.
    static let v1TableNames: Set<String> = ["grdb_migrations", "preferences", "changes"]

    /// The migrations the store runs: the frozen ones, then those derived from the declared
    /// preferences (`migrator(for:)`), none while they are the six `v6` knows.
    static let migrator = migrator(for: StoreColumn.declared)

    /// `v1` … `v6`, each as it was written.
    static let frozenMigrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        // Frozen as written: a later schema is a new migration, never an edit of this one.
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
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
        // Scopes (docs/DESIGN.md §23 (Reader scopes and scoped tokens)). v1's changes become the root's entries, each at the
        // position of its sequence, and the marks the newest change of each kind. v1 pruned the
        // oldest changes, so when the first kept one is not 1 the ones before it are recorded
        // as dropped. Frozen as written, like v1.
        migrator.registerMigration("v2") { db in
            try db.execute(
                sql: """
                    ALTER TABLE preferences ADD COLUMN category_mark INTEGER NOT NULL DEFAULT 0 CHECK (category_mark >= 0);
                    ALTER TABLE preferences ADD COLUMN legibility_weight_mark INTEGER NOT NULL DEFAULT 0 CHECK (legibility_weight_mark >= 0);
                    ALTER TABLE preferences ADD COLUMN position INTEGER NOT NULL DEFAULT 0 CHECK (position >= 0);
                    CREATE TABLE scopes (
                        scope TEXT PRIMARY KEY CHECK (scope <> ''),
                        category TEXT,
                        legibility_weight TEXT,
                        category_mark INTEGER NOT NULL CHECK (category_mark >= 0),
                        legibility_weight_mark INTEGER NOT NULL CHECK (legibility_weight_mark >= 0),
                        CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL)
                    ) STRICT;
                    CREATE TABLE history (
                        position INTEGER PRIMARY KEY CHECK (position >= 1),
                        sequence INTEGER NOT NULL CHECK (sequence >= 0),
                        is_event INTEGER NOT NULL CHECK (is_event IN (0, 1)),
                        scope TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight')),
                        value TEXT,
                        previous TEXT
                    ) STRICT;
                    CREATE INDEX history_by_scope ON history (scope, position);
                    CREATE TABLE dropped_history (
                        scope TEXT PRIMARY KEY,
                        through_sequence INTEGER NOT NULL
                    ) STRICT;
                    INSERT INTO history (position, sequence, is_event, scope, kind, value, previous)
                        SELECT sequence, sequence, 1, '', kind, value, previous FROM changes ORDER BY sequence;
                    UPDATE preferences SET
                        category_mark = COALESCE((SELECT MAX(sequence) FROM changes WHERE kind = 'category'), 0),
                        legibility_weight_mark = COALESCE((SELECT MAX(sequence) FROM changes WHERE kind = 'legibilityWeight'), 0),
                        position = COALESCE((SELECT MAX(sequence) FROM changes), 0);
                    INSERT INTO dropped_history (scope, through_sequence)
                        SELECT '', sequence - 1 FROM changes WHERE sequence = (SELECT MIN(sequence) FROM changes) AND sequence > 1;
                    DROP TABLE changes;
                    """)
        }
        // Text spacing (docs/DESIGN.md §10 (Reader preferences)), a third preference: the root's starts at `default`,
        // with no change yet. SQLite cannot change a CHECK in place, so `scopes` (a scope may set
        // only its text spacing) and `history` (a third kind) are made anew and copied. Frozen.
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    ALTER TABLE preferences ADD COLUMN text_spacing TEXT NOT NULL DEFAULT 'default';
                    ALTER TABLE preferences ADD COLUMN text_spacing_mark INTEGER NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0);
                    CREATE TABLE scopes_v3 (
                        scope TEXT PRIMARY KEY CHECK (scope <> ''),
                        category TEXT,
                        legibility_weight TEXT,
                        category_mark INTEGER NOT NULL CHECK (category_mark >= 0),
                        legibility_weight_mark INTEGER NOT NULL CHECK (legibility_weight_mark >= 0),
                        text_spacing TEXT,
                        text_spacing_mark INTEGER NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0),
                        CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL)
                    ) STRICT;
                    INSERT INTO scopes_v3 (scope, category, legibility_weight, category_mark, legibility_weight_mark)
                        SELECT scope, category, legibility_weight, category_mark, legibility_weight_mark FROM scopes;
                    DROP TABLE scopes;
                    ALTER TABLE scopes_v3 RENAME TO scopes;
                    CREATE TABLE history_v3 (
                        position INTEGER PRIMARY KEY CHECK (position >= 1),
                        sequence INTEGER NOT NULL CHECK (sequence >= 0),
                        is_event INTEGER NOT NULL CHECK (is_event IN (0, 1)),
                        scope TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing')),
                        value TEXT,
                        previous TEXT
                    ) STRICT;
                    INSERT INTO history_v3 SELECT position, sequence, is_event, scope, kind, value, previous FROM history;
                    DROP TABLE history;
                    ALTER TABLE history_v3 RENAME TO history;
                    CREATE INDEX history_by_scope ON history (scope, position);
                    """)
        }
        // Revocations of scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): a table of their own, nothing else
        // changes. Frozen.
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    CREATE TABLE revocations (
                        scope TEXT PRIMARY KEY CHECK (scope <> ''),
                        revoked_before INTEGER NOT NULL CHECK (revoked_before >= 0)
                    ) STRICT;
                    """)
        }
        // The reading font (docs/DESIGN.md §33 (The reading font)), a fourth preference: the root's starts at none
        // (''), with no change yet; `scopes` and `history` are made anew for their CHECKs, as in
        // `v3`. Frozen.
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    ALTER TABLE preferences ADD COLUMN reading_font TEXT NOT NULL DEFAULT '';
                    ALTER TABLE preferences ADD COLUMN reading_font_mark INTEGER NOT NULL DEFAULT 0 CHECK (reading_font_mark >= 0);
                    CREATE TABLE scopes_v5 (
                        scope TEXT PRIMARY KEY CHECK (scope <> ''),
                        category TEXT,
                        legibility_weight TEXT,
                        category_mark INTEGER NOT NULL CHECK (category_mark >= 0),
                        legibility_weight_mark INTEGER NOT NULL CHECK (legibility_weight_mark >= 0),
                        text_spacing TEXT,
                        text_spacing_mark INTEGER NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0),
                        reading_font TEXT,
                        reading_font_mark INTEGER NOT NULL DEFAULT 0 CHECK (reading_font_mark >= 0),
                        CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL OR reading_font IS NOT NULL)
                    ) STRICT;
                    INSERT INTO scopes_v5 (scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark)
                        SELECT scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark FROM scopes;
                    DROP TABLE scopes;
                    ALTER TABLE scopes_v5 RENAME TO scopes;
                    CREATE TABLE history_v5 (
                        position INTEGER PRIMARY KEY CHECK (position >= 1),
                        sequence INTEGER NOT NULL CHECK (sequence >= 0),
                        is_event INTEGER NOT NULL CHECK (is_event IN (0, 1)),
                        scope TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing', 'readingFont')),
                        value TEXT,
                        previous TEXT
                    ) STRICT;
                    INSERT INTO history_v5 SELECT position, sequence, is_event, scope, kind, value, previous FROM history;
                    DROP TABLE history;
                    ALTER TABLE history_v5 RENAME TO history;
                    CREATE INDEX history_by_scope ON history (scope, position);
                    """)
        }
        // A scope's bounds (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), a fifth and sixth preference: the
        // root's start at none (''), with no change yet; `scopes` and `history` are made anew for
        // their CHECKs, as in `v5`. Frozen.
        migrator.registerMigration("v6") { db in
            try db.execute(
                sql: """
                    ALTER TABLE preferences ADD COLUMN minimum_category TEXT NOT NULL DEFAULT '';
                    ALTER TABLE preferences ADD COLUMN minimum_category_mark INTEGER NOT NULL DEFAULT 0 CHECK (minimum_category_mark >= 0);
                    ALTER TABLE preferences ADD COLUMN maximum_category TEXT NOT NULL DEFAULT '';
                    ALTER TABLE preferences ADD COLUMN maximum_category_mark INTEGER NOT NULL DEFAULT 0 CHECK (maximum_category_mark >= 0);
                    CREATE TABLE scopes_v6 (
                        scope TEXT PRIMARY KEY CHECK (scope <> ''),
                        category TEXT,
                        legibility_weight TEXT,
                        category_mark INTEGER NOT NULL CHECK (category_mark >= 0),
                        legibility_weight_mark INTEGER NOT NULL CHECK (legibility_weight_mark >= 0),
                        text_spacing TEXT,
                        text_spacing_mark INTEGER NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0),
                        reading_font TEXT,
                        reading_font_mark INTEGER NOT NULL DEFAULT 0 CHECK (reading_font_mark >= 0),
                        minimum_category TEXT,
                        minimum_category_mark INTEGER NOT NULL DEFAULT 0 CHECK (minimum_category_mark >= 0),
                        maximum_category TEXT,
                        maximum_category_mark INTEGER NOT NULL DEFAULT 0 CHECK (maximum_category_mark >= 0),
                        CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL OR reading_font IS NOT NULL
                            OR minimum_category IS NOT NULL OR maximum_category IS NOT NULL)
                    ) STRICT;
                    INSERT INTO scopes_v6 (
                        scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark, reading_font,
                        reading_font_mark)
                        SELECT scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark, reading_font,
                            reading_font_mark FROM scopes;
                    DROP TABLE scopes;
                    ALTER TABLE scopes_v6 RENAME TO scopes;
                    CREATE TABLE history_v6 (
                        position INTEGER PRIMARY KEY CHECK (position >= 1),
                        sequence INTEGER NOT NULL CHECK (sequence >= 0),
                        is_event INTEGER NOT NULL CHECK (is_event IN (0, 1)),
                        scope TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing', 'readingFont', 'minimumCategory', 'maximumCategory')),
                        value TEXT,
                        previous TEXT
                    ) STRICT;
                    INSERT INTO history_v6 SELECT position, sequence, is_event, scope, kind, value, previous FROM history;
                    DROP TABLE history;
                    ALTER TABLE history_v6 RENAME TO history;
                    CREATE INDEX history_by_scope ON history (scope, position);
                    """)
        }
        return migrator
    }()

    /// Whether the database at `db` is new (no schema yet, or only GRDB's empty bookkeeping
    /// table a migration cut short leaves), after refusing anything that is not a whole fontd
    /// store: another application's tables, a newer fontd's migrations, a failed integrity
    /// check, a number outside the bounds ids and positions stop at, a sequence or position behind
    /// the history. Reads only; a store an older fontd left at `v1` is checked as `v1` was, before
    /// it is migrated.
    static func isNew(_ db: Database, path: String) throws -> Bool {
        let objects = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
                """)
        // Before the tables: a newer fontd's store may well have tables this one does not make.
        let applied = try migrator.appliedIdentifiers(db)
        let known = try migrator.appliedMigrations(db)
        guard applied.count == known.count else { throw SQLiteStoreError.newerSchema(path, migrations: applied.sorted()) }
        let isV1 = applied == ["v1"]
        let expected = isV1 ? v1TableNames : applied.contains("v4") ? tableNames : v3TableNames
        let foreign = objects.filter { !expected.contains($0) }
        guard foreign.isEmpty else {
            throw SQLiteStoreError.damaged(
                path, reason: "it is an SQLite database with tables fontd does not make (\(foreign.joined(separator: ", ")))")
        }
        if applied.isEmpty {
            guard objects.allSatisfy({ $0 == "grdb_migrations" }) else {
                throw SQLiteStoreError.damaged(path, reason: "it has fontd's tables but no record of their migration")
            }
            return true
        }
        let missing = expected.subtracting(objects)
        guard missing.isEmpty else {
            throw SQLiteStoreError.damaged(path, reason: "its tables \(missing.sorted().joined(separator: ", ")) are missing")
        }
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
        guard problems == ["ok"] else {
            throw SQLiteStoreError.damaged(path, reason: "SQLite's integrity check fails (\(problems.joined(separator: "; ")))")
        }
        try checkNumbers(db, path: path)
        if isV1 {
            let sequence = try Int.fetchOne(db, sql: "SELECT sequence FROM preferences WHERE id = 1")
            let newest = try Int.fetchOne(db, sql: "SELECT MAX(sequence) FROM changes") ?? 0
            guard let sequence, newest == sequence else {
                throw SQLiteStoreError.damaged(
                    path, reason: "its sequence is \(sequence.map(String.init) ?? "missing") but its newest change is \(newest)")
            }
            return false
        }
        // Entries may have been dropped, so the row is only known not to lag behind the history.
        // Read by column, not as a `RootRow`: a store at `v2` has no text spacing yet.
        guard let stored = try Row.fetchOne(db, sql: "SELECT sequence, position FROM preferences WHERE id = 1") else {
            throw SQLiteStoreError.damaged(path, reason: "its preferences row is missing")
        }
        let row: (sequence: Int, position: Int) = (stored["sequence"], stored["position"])
        let newest = try Row.fetchOne(db, sql: "SELECT MAX(sequence) AS sequence, MAX(position) AS position FROM history")
        let (newestSequence, newestPosition) = (newest?["sequence"] as Int?, newest?["position"] as Int?)
        if let newestSequence, newestSequence > row.sequence {
            throw SQLiteStoreError.damaged(path, reason: "its sequence is \(row.sequence) but its history holds sequence \(newestSequence)")
        }
        if let newestPosition, newestPosition > row.position {
            throw SQLiteStoreError.damaged(path, reason: "its position is \(row.position) but its history holds position \(newestPosition)")
        }
        return false
    }
}
