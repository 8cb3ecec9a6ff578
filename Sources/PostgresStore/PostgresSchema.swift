import Logging
import PostgresNIO
import ScopedPreferences

/// The store's tables in PostgreSQL, mirroring the SQLite store's `v6` (docs/DESIGN.md §12 (The store and the state file)), and
/// their creation, once, by whichever replica opens the database first.
///
/// - `fontd_schema_version`: one row, the schema's version (5 for this layout: version 1, the
///   text spacing columns of version 2, the revocations of version 3, the reading font columns
///   of version 4 and the scope bounds' columns of version 5), each frozen as written; a preference
///   declared since adds one to it and has its columns added by `conform(_:to:logger:)`, derived from its declaration.
/// - `preferences`: one row (id 1), the root scope's values and marks, the store's sequence and
///   the newest history `position`. Every commit locks it first (`FOR UPDATE`), so commits of
///   all replicas take their positions and ids one after another, in commit order.
/// - `scopes`: every other scope with a value of its own (NULL: inherited, never all of them), with its marks.
/// - `history`: every kept entry by `position` (the primary key): sequence, is_event, scope
///   (`''` for the root), kind, the raw values of §3 (Vocabulary) in `value` and `previous` (NULL: inherited).
/// - `dropped_history`: per scope whose older entries were dropped, the largest sequence among them.
/// - `revocations` (version 3): per scope whose scoped tokens were revoked, the newest revocation's
///   `revoked_before` (whole seconds since 1970); each revocation also sends `NOTIFY fontd,
///   'revocations'`, so every replica reads them again at once.
///
/// Scope paths are `COLLATE "C"`, so they order by bytes, as SQLite's and `PreferenceScope`'s do.
enum PostgresSchema {
    /// The newest schema version this fontd makes and reads: 5, the last written by hand, plus one
    /// per declared preference version 5 does not have (`version(for:)`).
    static let version = version(for: StoreColumn.declared)

    /// The tables fontd makes; any of them in a database without `fontd_schema_version` is another application's.
    static let tableNames = ["preferences", "scopes", "history", "dropped_history"]

    /// The key of the transaction-scoped advisory lock that makes two replicas starting at
    /// once create the tables one after the other: "fontd" in ASCII.
    static let advisoryLockKey = 0x66_6F_6E_74_64

    /// Version 1, as written: frozen.
    static let version1 = [
        "CREATE TABLE fontd_schema_version (version INTEGER NOT NULL)",
        """
        CREATE TABLE preferences (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            category TEXT NOT NULL,
            legibility_weight TEXT NOT NULL,
            category_mark BIGINT NOT NULL CHECK (category_mark >= 0),
            legibility_weight_mark BIGINT NOT NULL CHECK (legibility_weight_mark >= 0),
            sequence BIGINT NOT NULL CHECK (sequence >= 0),
            position BIGINT NOT NULL CHECK (position >= 0)
        )
        """,
        "INSERT INTO preferences VALUES (1, 'l', 'regular', 0, 0, 0, 0)",
        """
        CREATE TABLE scopes (
            scope TEXT COLLATE "C" PRIMARY KEY CHECK (scope <> ''),
            category TEXT,
            legibility_weight TEXT,
            category_mark BIGINT NOT NULL CHECK (category_mark >= 0),
            legibility_weight_mark BIGINT NOT NULL CHECK (legibility_weight_mark >= 0),
            CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL)
        )
        """,
        """
        CREATE TABLE history (
            position BIGINT PRIMARY KEY CHECK (position >= 1),
            sequence BIGINT NOT NULL CHECK (sequence >= 0),
            is_event BOOLEAN NOT NULL,
            scope TEXT COLLATE "C" NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('category', 'legibilityWeight')),
            value TEXT,
            previous TEXT
        )
        """,
        "CREATE INDEX history_by_scope ON history (scope, position)",
        """
        CREATE TABLE dropped_history (
            scope TEXT COLLATE "C" PRIMARY KEY,
            through_sequence BIGINT NOT NULL
        )
        """,
        "INSERT INTO fontd_schema_version VALUES (1)",
    ]

    /// Version 2, as written: frozen. Text spacing (docs/DESIGN.md §10 (Reader preferences)), a third preference: the
    /// root's starts at `default`; a scope may set only it; history has a third kind.
    static let version2 = [
        """
        ALTER TABLE preferences
            ADD COLUMN text_spacing TEXT NOT NULL DEFAULT 'default',
            ADD COLUMN text_spacing_mark BIGINT NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0)
        """,
        """
        ALTER TABLE scopes
            ADD COLUMN text_spacing TEXT,
            ADD COLUMN text_spacing_mark BIGINT NOT NULL DEFAULT 0 CHECK (text_spacing_mark >= 0),
            DROP CONSTRAINT scopes_check,
            ADD CONSTRAINT scopes_check CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL)
        """,
        """
        ALTER TABLE history
            DROP CONSTRAINT history_kind_check,
            ADD CONSTRAINT history_kind_check CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing'))
        """,
        "UPDATE fontd_schema_version SET version = 2",
    ]

    /// Version 3, as written: frozen. Revocations of scoped tokens (docs/DESIGN.md §23 (Reader scopes and scoped tokens)).
    static let version3 = [
        """
        CREATE TABLE revocations (
            scope TEXT COLLATE "C" PRIMARY KEY CHECK (scope <> ''),
            revoked_before BIGINT NOT NULL CHECK (revoked_before >= 0)
        )
        """,
        "UPDATE fontd_schema_version SET version = 3",
    ]

    /// Version 4, as written: frozen. The reading font (docs/DESIGN.md §33 (The reading font)), a fourth preference:
    /// the root's starts at none (`''`); a scope may set only it; history has a fourth kind.
    static let version4 = [
        """
        ALTER TABLE preferences
            ADD COLUMN reading_font TEXT NOT NULL DEFAULT '',
            ADD COLUMN reading_font_mark BIGINT NOT NULL DEFAULT 0 CHECK (reading_font_mark >= 0)
        """,
        """
        ALTER TABLE scopes
            ADD COLUMN reading_font TEXT,
            ADD COLUMN reading_font_mark BIGINT NOT NULL DEFAULT 0 CHECK (reading_font_mark >= 0),
            DROP CONSTRAINT scopes_check,
            ADD CONSTRAINT scopes_check
                CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL OR reading_font IS NOT NULL)
        """,
        """
        ALTER TABLE history
            DROP CONSTRAINT history_kind_check,
            ADD CONSTRAINT history_kind_check CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing', 'readingFont'))
        """,
        "UPDATE fontd_schema_version SET version = 4",
    ]

    /// Version 5, as written: frozen. A scope's bounds (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), a fifth
    /// and sixth preference: the root's start at none (`''`); a scope may set only them; history has their kinds.
    static let version5 = [
        """
        ALTER TABLE preferences
            ADD COLUMN minimum_category TEXT NOT NULL DEFAULT '',
            ADD COLUMN minimum_category_mark BIGINT NOT NULL DEFAULT 0 CHECK (minimum_category_mark >= 0),
            ADD COLUMN maximum_category TEXT NOT NULL DEFAULT '',
            ADD COLUMN maximum_category_mark BIGINT NOT NULL DEFAULT 0 CHECK (maximum_category_mark >= 0)
        """,
        """
        ALTER TABLE scopes
            ADD COLUMN minimum_category TEXT,
            ADD COLUMN minimum_category_mark BIGINT NOT NULL DEFAULT 0 CHECK (minimum_category_mark >= 0),
            ADD COLUMN maximum_category TEXT,
            ADD COLUMN maximum_category_mark BIGINT NOT NULL DEFAULT 0 CHECK (maximum_category_mark >= 0),
            DROP CONSTRAINT scopes_check,
            ADD CONSTRAINT scopes_check
                CHECK (category IS NOT NULL OR legibility_weight IS NOT NULL OR text_spacing IS NOT NULL OR reading_font IS NOT NULL
                    OR minimum_category IS NOT NULL OR maximum_category IS NOT NULL)
        """,
        """
        ALTER TABLE history
            DROP CONSTRAINT history_kind_check,
            ADD CONSTRAINT history_kind_check
                CHECK (kind IN ('category', 'legibilityWeight', 'textSpacing', 'readingFont', 'minimumCategory', 'maximumCategory'))
        """,
        "UPDATE fontd_schema_version SET version = 5",
    ]

    /// Creates the tables in a database that has none of them, or checks that the ones there are
    /// fontd's and not a newer fontd's (an older fontd's are migrated), in one transaction under the advisory lock.
    /// The tables hold `columns` after it: the frozen versions make the first six, `conform(_:to:logger:)` the rest.
    static func prepare(_ connection: PostgresConnection, columns: [StoreColumn] = StoreColumn.declared, logger: Logger) async throws {
        let version = version(for: columns)
        try await Transaction.run(on: connection, logger: logger) { connection in
            _ = try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLockKey))", logger: logger).collect()
            let existing = try await connection.query(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()", logger: logger
            ).collect().map { try $0.decode(String.self) }
            guard existing.contains("fontd_schema_version") else {
                let foreign = tableNames.filter(existing.contains)
                guard foreign.isEmpty else {
                    throw PostgresStoreError.damaged(
                        "the database has tables named like fontd's (\(foreign.joined(separator: ", "))) but no fontd_schema_version: another application's"
                    )
                }
                for statement in version1 + version2 + version3 + version4 + version5 {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect()
                }
                try await conformBeyondFrozen(connection, to: columns, version: version, logger: logger)
                logger.info("created the fontd tables", metadata: ["schema": "\(version)"])
                return
            }
            let versions = try await connection.query("SELECT version FROM fontd_schema_version", logger: logger).collect()
                .map { try $0.decode(Int.self) }
            guard versions.count == 1, let stored = versions.first else {
                throw PostgresStoreError.damaged("fontd_schema_version holds \(versions.count) rows instead of one")
            }
            guard stored <= version else { throw PostgresStoreError.newerSchema(version: stored, known: version) }
            let missing = tableNames.filter { !existing.contains($0) }
            guard missing.isEmpty else { throw PostgresStoreError.damaged("its tables \(missing.joined(separator: ", ")) are missing") }
            // A database an older fontd made: the later versions, in the same transaction.
            let later =
                (stored < 2 ? version2 : []) + (stored < 3 ? version3 : []) + (stored < 4 ? version4 : []) + (stored < 5 ? version5 : [])
            for statement in later { _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect() }
            if stored < version {
                try await conformBeyondFrozen(connection, to: columns, version: version, logger: logger)
                logger.info("migrated the fontd tables", metadata: ["from": "\(stored)", "schema": "\(version)"])
            }
        }
    }

    /// After the frozen versions: the columns of the preferences declared since, and `version` recorded.
    private static func conformBeyondFrozen(_ connection: PostgresConnection, to columns: [StoreColumn], version: Int, logger: Logger)
        async throws
    {
        guard version > frozenVersion else { return }
        try await conform(connection, to: columns, logger: logger)
        _ = try await connection.query("UPDATE fontd_schema_version SET version = \(version)", logger: logger).collect()
    }
}

/// A transaction on one connection whose failure is the closure's own error, not postgres-nio's
/// wrapper: the store's refusals must reach the caller as they are.
enum Transaction {
    /// `BEGIN` (with `mode`), `body`, then `COMMIT` — unless the calling task was cancelled
    /// meanwhile (the caller stopped waiting) — or `ROLLBACK` on any error.
    static func run<T>(
        on connection: PostgresConnection, mode: String = "", logger: Logger, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        _ = try await connection.query(PostgresQuery(unsafeSQL: "BEGIN \(mode)"), logger: logger).collect()
        do {
            let value = try await body(connection)
            try Task.checkCancellation()
            _ = try await connection.query("COMMIT", logger: logger).collect()
            return value
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger).collect()
            throw error
        }
    }
}
