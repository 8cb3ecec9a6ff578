import Foundation
import GRDB
import ScopedPreferences
import Testing

@testable import SQLiteStore

/// The migrations after `v6`, derived from the declared preferences (docs/DESIGN.md §12 (The store and the state
/// file)): on real files, with the six declared columns and with a seventh (and eighth) the enum does not
/// have. Serialized, as StoreFixture says why.
@Suite(.serialized) struct DeclaredColumnsTests {
    typealias Fixture = StoreFixture

    /// A preference the enum does not declare, as a later fontd would: "Reduce Motion", off or on.
    static let reduceMotion = StoreColumn(name: "reduce_motion", kind: "reduceMotion", initialValue: "off")
    /// Another, with a quote in its initial value.
    static let lineHeight = StoreColumn(name: "line_height", kind: "lineHeight", initialValue: "it's normal")

    /// Makes a `v6` store by the frozen migrations as written, holding a root change and a scope.
    static func makeVersion6Store(at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: path)
        try StoreSchema.frozenMigrator.migrate(database)
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE preferences SET category = 'xl', category_mark = 1, sequence = 2, position = 2;
                    INSERT INTO scopes (scope, category, legibility_weight, category_mark, legibility_weight_mark) VALUES ('alice', 's', NULL, 2, 0);
                    INSERT INTO history (position, sequence, is_event, scope, kind, value, previous) VALUES
                        (1, 1, 1, '', 'category', 'xl', 'l'), (2, 2, 1, 'alice', 'category', 's', NULL);
                    """)
        }
        try database.close()
    }

    /// The `v6` store `makeVersion6Store` makes at `path`, migrated by the migrator for `columns`, open.
    static func version6Store(at path: String, migratedFor columns: [StoreColumn]) throws -> DatabaseQueue {
        try makeVersion6Store(at: path)
        let database = try DatabaseQueue(path: path)
        try StoreSchema.migrator(for: columns).migrate(database)
        return database
    }

    /// What would tell a change of the schema: every object's SQL and root page (a table made anew
    /// has another), and SQLite's schema cookie, which every schema change increments.
    static func schema(_ db: Database) throws -> [String] {
        let objects = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master ORDER BY name").map {
            "\($0["type"] as String) \($0["name"] as String) on \($0["tbl_name"] as String) at page \($0["rootpage"] as Int): \($0["sql"] as String? ?? "")"
        }
        return objects + ["schema_version \(try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? -1)"]
    }

    static func schema(at path: String) throws -> [String] {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read(schema)
    }

    static func migrations(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").sorted {
            $0.count == $1.count ? $0 < $1 : $0.count < $1.count
        }
    }

    @Test func theDeclaredPreferencesAddNoMigrationToTheFrozenOnes() {
        #expect(StoreSchema.derivedIdentifiers(for: StoreColumn.declared) == [])
        #expect(Set(StoreColumn.declared.map(\.name)) == StoreColumn.frozenNames)
        #expect(StoreSchema.derivedIdentifiers(for: StoreColumn.declared + [Self.reduceMotion]) == ["v7"])
        #expect(StoreSchema.derivedIdentifiers(for: StoreColumn.declared + [Self.lineHeight, Self.reduceMotion]) == ["v7", "v8"])
    }

    @Test func aVersion6StoreIsOpenedWithItsSchemaUnchanged() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try Self.makeVersion6Store(at: fixture.path)
        let before = try Self.schema(at: fixture.path)

        let store = try SQLitePreferenceStore.open(path: fixture.path)
        store.close()
        #expect(try Self.schema(at: fixture.path) == before)

        // The derived step itself, run over the six declared columns, writes nothing.
        let database = try DatabaseQueue(path: fixture.path)
        defer { try? database.close() }
        try database.write { db in try StoreSchema.conform(db, to: StoreColumn.declared) }
        let (after, migrations, scopesCheck, kinds) = try database.read { db in
            (
                try Self.schema(db), try Self.migrations(db),
                StoreSchema.checkedColumns(
                    inScopes: try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'scopes'") ?? ""),
                StoreSchema.checkedKinds(
                    inHistory: try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'history'") ?? "")
            )
        }
        #expect(after == before)
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6"])
        #expect(scopesCheck == Set(StoreColumn.declared.map(\.name)))
        #expect(kinds == Set(StoreColumn.declared.map(\.kind)))
    }

    @Test func aSeventhColumnIsAddedToBothTablesAndItsKindToTheHistory() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let database = try Self.version6Store(at: fixture.path, migratedFor: StoreColumn.declared + [Self.reduceMotion])
        defer { try? database.close() }

        try database.read { db in
            #expect(try Self.migrations(db) == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
            for table in ["preferences", "scopes"] {
                let columns = try db.columns(in: table).map(\.name)
                #expect(columns.contains("reduce_motion") && columns.contains("reduce_motion_mark"), "\(table): \(columns)")
            }
            let root = try #require(
                try Row.fetchOne(db, sql: "SELECT category, category_mark, reduce_motion, reduce_motion_mark FROM preferences"))
            #expect(root["category"] as String == "xl" && root["category_mark"] as Int == 1)
            #expect(root["reduce_motion"] as String == "off" && root["reduce_motion_mark"] as Int == 0)
            let alice = try #require(
                try Row.fetchOne(db, sql: "SELECT category, category_mark, reduce_motion, reduce_motion_mark FROM scopes"))
            #expect(alice["category"] as String == "s" && alice["category_mark"] as Int == 2)
            #expect(alice["reduce_motion"] as String? == nil && alice["reduce_motion_mark"] as Int == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM history") == 2)
            #expect(try db.indexes(on: "history").map(\.name) == ["history_by_scope"])
            #expect(try String.fetchAll(db, sql: "PRAGMA quick_check") == ["ok"])
        }
        try database.write { db in
            try db.execute(sql: "INSERT INTO scopes (scope, reduce_motion, reduce_motion_mark) VALUES ('bob', 'on', 3)")
            try db.execute(
                sql:
                    "INSERT INTO history (position, sequence, is_event, scope, kind, value, previous) VALUES (3, 3, 1, 'bob', 'reduceMotion', 'on', NULL)"
            )
        }
        let emptyScope = #expect(throws: DatabaseError.self) {
            try database.write { db in try db.execute(sql: "INSERT INTO scopes (scope) VALUES ('carol')") }
        }
        #expect(emptyScope?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
        let unknownKind = #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO history (position, sequence, is_event, scope, kind, value, previous) VALUES (4, 4, 1, 'bob', 'nonsense', 'on', NULL)"
                )
            }
        }
        #expect(unknownKind?.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
    }

    @Test func theDerivedStepRunTwiceChangesNothing() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let columns = StoreColumn.declared + [Self.reduceMotion]
        let database = try Self.version6Store(at: fixture.path, migratedFor: columns)
        defer { try? database.close() }
        let once = try database.read(Self.schema)

        try StoreSchema.migrator(for: columns).migrate(database)
        try database.write { db in try StoreSchema.conform(db, to: columns) }
        #expect(try database.read(Self.schema) == once)
    }

    @Test func aStoreWithAColumnThisFontdDoesNotDeclareIsRefusedAsANewerFontds() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try Self.version6Store(at: fixture.path, migratedFor: StoreColumn.declared + [Self.reduceMotion]).close()
        let before = try fixture.bytes()

        #expect(throws: SQLiteStoreError.newerSchema(fixture.path, migrations: ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])) {
            try SQLitePreferenceStore.open(path: fixture.path)
        }
        #expect(try fixture.bytes() == before)
    }

    @Test func aFontdDeclaringMoreAddsItsColumnsToAStoreOneDeclaringFewerMade() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let database = try Self.version6Store(at: fixture.path, migratedFor: StoreColumn.declared + [Self.reduceMotion])
        defer { try? database.close() }
        try database.write { db in
            try db.execute(sql: "INSERT INTO scopes (scope, reduce_motion, reduce_motion_mark) VALUES ('bob', 'on', 3)")
        }
        // The eighth is declared before the seventh: what is added is read from the tables.
        let columns = StoreColumn.declared + [Self.lineHeight, Self.reduceMotion]
        try StoreSchema.migrator(for: columns).migrate(database)

        try database.read { db in
            #expect(try Self.migrations(db) == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
            #expect(try String.fetchOne(db, sql: "SELECT line_height FROM preferences") == "it's normal")
            let bob = try #require(
                try Row.fetchOne(db, sql: "SELECT reduce_motion, reduce_motion_mark, line_height FROM scopes WHERE scope = 'bob'"))
            #expect(bob["reduce_motion"] as String == "on" && bob["reduce_motion_mark"] as Int == 3 && bob["line_height"] as String? == nil)
            let scopesSQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'scopes'") ?? ""
            let historySQL = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'history'") ?? ""
            #expect(StoreSchema.checkedColumns(inScopes: scopesSQL) == Set(columns.map(\.name)))
            #expect(StoreSchema.checkedKinds(inHistory: historySQL) == Set(columns.map(\.kind)))
        }
    }
}
