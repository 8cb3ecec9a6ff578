import Logging
import PostgresNIO
import ScopedPreferences

/// The tables after the frozen versions, derived from the declared preferences (docs/DESIGN.md §24 (Replicas on
/// PostgreSQL)): a preference declared after version 5 needs no version written by hand.
///
/// The schema's version is 5 plus the number of declared preferences version 5 does not have, so a
/// fontd that knows fewer finds a version above its own and refuses the database as a newer fontd's
/// (`newerSchema`), as it refuses any other. A database at a lower version is brought to the
/// declarations by `conform(_:to:logger:)`, in `prepare`'s locked transaction; what it does is read
/// from the tables, not from the version, so a preference declared between two others is added just
/// the same.
extension PostgresSchema {
    /// The last version written by hand.
    static let frozenVersion = 5

    /// The version of the layout that holds `columns`: `frozenVersion` plus one per column version 5 does not have.
    static func version(for columns: [StoreColumn]) -> Int {
        frozenVersion + StoreColumn.countBeyondFrozen(columns)
    }

    /// Makes the tables hold `columns`: adds to `preferences` the columns it lacks (the value
    /// `NOT NULL` with the initial value as its default, so the root row takes it; the mark 0) and
    /// to `scopes` (NULL: inherited; the mark 0), and makes the CHECKs `scopes_check` (at least one
    /// value set) and `history_kind_check` name exactly `columns`. Alters nothing when the tables
    /// already hold them.
    static func conform(_ connection: PostgresConnection, to columns: [StoreColumn], logger: Logger) async throws {
        var statements: [String] = []
        let rootColumns = try await Self.columns(of: "preferences", connection, logger: logger)
        let rootAdditions = columns.flatMap { column in
            (rootColumns.contains(column.name)
                ? [] : ["ADD COLUMN \(column.name) TEXT NOT NULL DEFAULT \(column.initialValueLiteral)"])
                + (rootColumns.contains(column.markName) ? [] : [column.markDefinition])
        }
        if !rootAdditions.isEmpty { statements.append("ALTER TABLE preferences " + rootAdditions.joined(separator: ", ")) }

        let scopeColumns = try await Self.columns(of: "scopes", connection, logger: logger)
        var scopeChanges = columns.flatMap { column in
            (scopeColumns.contains(column.name) ? [] : ["ADD COLUMN \(column.name) TEXT"])
                + (scopeColumns.contains(column.markName) ? [] : [column.markDefinition])
        }
        let checked = try await connection.query(
            """
            SELECT attribute.attname::text FROM pg_constraint AS check_constraint
                JOIN pg_attribute AS attribute ON attribute.attrelid = check_constraint.conrelid
                    AND attribute.attnum = ANY (check_constraint.conkey)
                WHERE check_constraint.conrelid = 'scopes'::regclass AND check_constraint.conname = 'scopes_check'
            """, logger: logger
        ).collect().map { try $0.decode(String.self) }
        if Set(checked) != Set(columns.map(\.name)) {
            scopeChanges += [
                "DROP CONSTRAINT IF EXISTS scopes_check", "ADD CONSTRAINT scopes_check CHECK (\(StoreColumn.atLeastOneSet(columns)))",
            ]
        }
        if !scopeChanges.isEmpty { statements.append("ALTER TABLE scopes " + scopeChanges.joined(separator: ", ")) }

        let kindCheck = try await connection.query(
            """
            SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'history'::regclass AND conname = 'history_kind_check'
            """, logger: logger
        ).collect().map { try $0.decode(String.self) }
        if Set(kindCheck.flatMap(StoreColumn.quotedStrings)) != Set(columns.map(\.kind)) {
            statements.append(
                "ALTER TABLE history DROP CONSTRAINT IF EXISTS history_kind_check, "
                    + "ADD CONSTRAINT history_kind_check CHECK (kind IN (\(StoreColumn.kindList(columns))))")
        }
        for statement in statements { _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect() }
    }

    /// The names of `table`'s columns.
    private static func columns(of table: String, _ connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        Set(
            try await connection.query(
                "SELECT column_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = \(table)",
                logger: logger
            ).collect().map { try $0.decode(String.self) })
    }
}

extension StoreColumn {
    /// The mark's column, as the tables have it: a whole number from 0, 0 until a change.
    fileprivate var markDefinition: String { "ADD COLUMN \(markName) BIGINT NOT NULL DEFAULT 0 CHECK (\(markName) >= 0)" }
}
