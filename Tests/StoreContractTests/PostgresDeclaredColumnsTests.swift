import FontdTestSupport
import Foundation
import Logging
import PostgresTestSupport
import ScopedPreferences
import Testing

@testable import PostgresStore

/// The schema versions after 5, derived from the declared preferences (docs/DESIGN.md §24 (Replicas on PostgreSQL)):
/// on a real PostgreSQL, with the six declared columns and with a seventh (and eighth) the enum does not
/// have. Serialized, as the contract suite is.
@Suite(.serialized, .ownThread) struct PostgresDeclaredColumnsTests {
    /// A preference the enum does not declare, as a later fontd would: "Reduce Motion", off or on.
    static let reduceMotion = StoreColumn(name: "reduce_motion", kind: "reduceMotion", initialValue: "off")
    /// Another, with a quote in its initial value.
    static let lineHeight = StoreColumn(name: "line_height", kind: "lineHeight", initialValue: "it's normal")

    /// Makes a database at version 5 by the frozen versions as written, holding a root change and a scope.
    static func makeVersion5Database(_ cluster: PostgresCluster) throws -> String {
        let database = try cluster.createDatabase()
        let rows = [
            "UPDATE preferences SET category = 'xl', category_mark = 1, sequence = 2, position = 2",
            "INSERT INTO scopes (scope, category, category_mark, legibility_weight_mark) VALUES ('alice', 's', 2, 0)",
            "INSERT INTO history VALUES (1, 1, TRUE, '', 'category', 'xl', 'l'), (2, 2, TRUE, 'alice', 'category', 's', NULL)",
        ]
        let statements =
            PostgresSchema.version1 + PostgresSchema.version2 + PostgresSchema.version3 + PostgresSchema.version4
            + PostgresSchema.version5 + rows
        try cluster.runSQL(statements.joined(separator: ";\n"), database: database)
        return database
    }

    /// Opens (and closes) a store on `database` whose tables hold `columns`.
    static func open(_ database: String, _ cluster: PostgresCluster, columns: [StoreColumn] = StoreColumn.declared) throws {
        try PostgresPreferenceStore.open(
            url: cluster.url(database: database), timeoutSeconds: 5, logger: Logger(label: "fontd.test.columns"), columns: columns
        ).close()
    }

    /// What would tell a change of the schema: every column with its type and default, every
    /// constraint with its oid (a constraint dropped and added has another) and text, each table's
    /// file (a table rewritten has another), and the version.
    static func schema(_ database: String, _ cluster: PostgresCluster) throws -> String {
        try cluster.runSQL(
            """
            SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '-')
                FROM information_schema.columns WHERE table_schema = current_schema() AND table_name IN ('preferences', 'scopes', 'history')
            UNION ALL
            SELECT 'constraint ' || conrelid::regclass::text || '.' || conname || ' #' || oid::text || ' ' || pg_get_constraintdef(oid)
                FROM pg_constraint WHERE conrelid IN ('preferences'::regclass, 'scopes'::regclass, 'history'::regclass)
            UNION ALL
            SELECT 'table ' || relname || ' file ' || relfilenode::text FROM pg_class WHERE oid IN ('preferences'::regclass, 'scopes'::regclass, 'history'::regclass)
            UNION ALL
            SELECT 'version ' || version::text FROM fontd_schema_version
            ORDER BY 1
            """, database: database)
    }

    static func scalar(_ sql: String, _ database: String, _ cluster: PostgresCluster) throws -> String {
        try cluster.runSQL(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Expects PostgreSQL to refuse `sql` for the constraint `constraint`.
    static func expectRefused(by constraint: String, _ sql: String, _ database: String, _ cluster: PostgresCluster) throws {
        let error = #expect(throws: (any Error).self) { try cluster.runSQL(sql, database: database) }
        #expect(String(describing: error).contains("violates check constraint \"\(constraint)\""), "\(String(describing: error))")
    }

    @Test func theDeclaredPreferencesKeepVersion5() {
        #expect(PostgresSchema.version == 5)
        #expect(PostgresSchema.version(for: StoreColumn.declared + [Self.reduceMotion]) == 6)
        #expect(PostgresSchema.version(for: StoreColumn.declared + [Self.lineHeight, Self.reduceMotion]) == 7)
    }

    @Test func aVersion5DatabaseIsOpenedWithItsSchemaUnchanged() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.makeVersion5Database(cluster)
        let before = try Self.schema(database, cluster)
        #expect(before.contains("version 5"))

        try Self.open(database, cluster)
        #expect(try Self.schema(database, cluster) == before)
    }

    @Test(arguments: [false, true])
    func aSeventhColumnIsAddedToBothTablesAndItsKindToTheHistory(fromVersion5: Bool) throws {
        let cluster = try PostgresCluster.shared()
        let database = try fromVersion5 ? Self.makeVersion5Database(cluster) : cluster.createDatabase()
        try Self.open(database, cluster, columns: StoreColumn.declared + [Self.reduceMotion])

        #expect(try Self.scalar("SELECT version FROM fontd_schema_version", database, cluster) == "6")
        #expect(try Self.scalar("SELECT reduce_motion || ' ' || reduce_motion_mark FROM preferences", database, cluster) == "off 0")
        if fromVersion5 {
            #expect(try Self.scalar("SELECT category || ' ' || sequence FROM preferences", database, cluster) == "xl 2")
            #expect(
                try Self.scalar(
                    "SELECT category || category_mark || coalesce(reduce_motion, '-') || reduce_motion_mark FROM scopes", database, cluster)
                    == "s2-0")
            #expect(try Self.scalar("SELECT COUNT(*) FROM history", database, cluster) == "2")
        }
        try cluster.runSQL(
            "INSERT INTO scopes (scope, category_mark, legibility_weight_mark, reduce_motion, reduce_motion_mark) VALUES ('bob', 0, 0, 'on', 3)",
            database: database)
        try cluster.runSQL("INSERT INTO history VALUES (3, 3, TRUE, 'bob', 'reduceMotion', 'on', NULL)", database: database)
        try Self.expectRefused(
            by: "scopes_check", "INSERT INTO scopes (scope, category_mark, legibility_weight_mark) VALUES ('carol', 0, 0)", database,
            cluster)
        try Self.expectRefused(
            by: "history_kind_check", "INSERT INTO history VALUES (4, 4, TRUE, 'bob', 'nonsense', 'on', NULL)", database, cluster)
        #expect(try Self.scalar("SELECT COUNT(*) FROM scopes WHERE scope = 'carol'", database, cluster) == "0")
        #expect(try Self.scalar("SELECT COUNT(*) FROM history WHERE kind = 'nonsense'", database, cluster) == "0")
    }

    @Test func theDerivedStepRunTwiceChangesNothing() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.makeVersion5Database(cluster)
        let columns = StoreColumn.declared + [Self.reduceMotion]
        try Self.open(database, cluster, columns: columns)
        let once = try Self.schema(database, cluster)

        try Self.open(database, cluster, columns: columns)
        #expect(try Self.schema(database, cluster) == once)
        // Back at version 5, the step runs again, over tables that already hold the columns.
        try cluster.runSQL("UPDATE fontd_schema_version SET version = 5", database: database)
        try Self.open(database, cluster, columns: columns)
        #expect(try Self.schema(database, cluster) == once)
    }

    @Test func aDatabaseWithAColumnThisFontdDoesNotDeclareIsRefusedAsANewerFontds() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.makeVersion5Database(cluster)
        try Self.open(database, cluster, columns: StoreColumn.declared + [Self.reduceMotion])
        let before = try Self.schema(database, cluster)

        #expect(throws: PostgresStoreError.newerSchema(version: 6, known: 5)) { try Self.open(database, cluster) }
        #expect(try Self.schema(database, cluster) == before)
    }

    @Test func aFontdDeclaringMoreAddsItsColumnsToADatabaseOneDeclaringFewerMade() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.makeVersion5Database(cluster)
        try Self.open(database, cluster, columns: StoreColumn.declared + [Self.reduceMotion])
        try cluster.runSQL(
            "INSERT INTO scopes (scope, category_mark, legibility_weight_mark, reduce_motion, reduce_motion_mark) VALUES ('bob', 0, 0, 'on', 3)",
            database: database)
        // The eighth is declared before the seventh: what is added is read from the tables.
        try Self.open(database, cluster, columns: StoreColumn.declared + [Self.lineHeight, Self.reduceMotion])

        #expect(try Self.scalar("SELECT version FROM fontd_schema_version", database, cluster) == "7")
        #expect(try Self.scalar("SELECT line_height FROM preferences", database, cluster) == "it's normal")
        #expect(
            try Self.scalar(
                "SELECT reduce_motion || reduce_motion_mark || coalesce(line_height, '-') FROM scopes WHERE scope = 'bob'", database,
                cluster)
                == "on3-")
        try cluster.runSQL(
            "INSERT INTO scopes (scope, category_mark, legibility_weight_mark, line_height, line_height_mark) VALUES ('carol', 0, 0, 'tall', 4)",
            database: database)
        try cluster.runSQL(
            "INSERT INTO history VALUES (3, 3, TRUE, 'carol', 'lineHeight', 'tall', NULL), (4, 4, TRUE, 'bob', 'reduceMotion', 'off', 'on')",
            database: database)
        try Self.expectRefused(
            by: "scopes_check", "INSERT INTO scopes (scope, category_mark, legibility_weight_mark) VALUES ('dave', 0, 0)", database, cluster
        )
    }
}
