import DynamicType
import Foundation
import GRDB
import SQLiteStore
import ScopedPreferences
import Testing

/// A file that is not a whole fontd store is refused at open — never reset, never written.
/// Serialized, as StoreFixture says why.
@Suite(.serialized) struct DamagedStoreTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case randomBytes, shortRandomBytes, truncatedStore, otherApplicationsDatabase, storeWithAnExtraTable
        case sequenceBehindItsHistory, positionBehindItsHistory, version1StoreBehindItsChanges
        case sequencePastTheLastId, positionPastTheLastId, markPastTheLastId, markPastTheLastIdInAScope, negativeDroppedThrough
        case version1SequencePastTheLastId

        var testDescription: String { rawValue }

        /// For a number out of bounds: the statement that puts it there, and the field and value the refusal names.
        var numberDamage: (sql: String, field: String, value: String)? {
            switch self {
            case .sequencePastTheLastId, .version1SequencePastTheLastId:
                ("UPDATE preferences SET sequence = 9223372036854775807", "preferences.sequence (the root scope)", "9223372036854775807")
            case .positionPastTheLastId:
                ("UPDATE preferences SET position = 9223372036854775807", "preferences.position (the root scope)", "9223372036854775807")
            case .markPastTheLastId:
                (
                    "UPDATE preferences SET category_mark = 1000000000000000", "preferences.category_mark (the root scope)",
                    "1000000000000000"
                )
            case .markPastTheLastIdInAScope:
                (
                    "INSERT INTO scopes (scope, category, category_mark, legibility_weight_mark, text_spacing_mark) VALUES ('alice', 'xl', 9223372036854775807, 0, 0)",
                    "scopes.category_mark (the scope 'alice')", "9223372036854775807"
                )
            case .negativeDroppedThrough:
                // The one number without a CHECK of its own (a negative mark fails SQLite's quick_check).
                (
                    "INSERT INTO dropped_history (scope, through_sequence) VALUES ('alice', -1)",
                    "dropped_history.through_sequence (the scope 'alice')", "-1"
                )
            default: nil
            }
        }

        /// Leaves the damaged file at the fixture's path.
        func make(_ fixture: StoreFixture) throws {
            let url = URL(fileURLWithPath: fixture.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch self {
            case .randomBytes:
                try Data((0..<8192).map { _ in UInt8.random(in: 0...255) }).write(to: url)
            case .shortRandomBytes:
                try Data((0..<40).map { _ in UInt8.random(in: 0...255) }).write(to: url)
            case .truncatedStore:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit(StoreFixture.rootCategoryCommit(3000))
                store.close()
                let bytes = try fixture.bytes()
                #expect(bytes.count > 4 * 4096)
                try bytes.prefix(bytes.count / 2).write(to: url)
            case .otherApplicationsDatabase:
                let database = try DatabaseQueue(path: fixture.path)
                try database.write { db in
                    try db.execute(
                        sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')")
                }
                try database.close()
            case .storeWithAnExtraTable:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit(StoreFixture.rootCategoryCommit(1))
                store.close()
                try fixture.writeBehindTheStoresBack { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
            case .sequenceBehindItsHistory:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit(StoreFixture.rootCategoryCommit(3))
                store.close()
                try fixture.writeBehindTheStoresBack { db in try db.execute(sql: "UPDATE preferences SET sequence = 2") }
            case .positionBehindItsHistory:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit(StoreFixture.rootCategoryCommit(3))
                store.close()
                try fixture.writeBehindTheStoresBack { db in try db.execute(sql: "UPDATE preferences SET position = 0") }
            case .sequencePastTheLastId, .positionPastTheLastId, .markPastTheLastId, .markPastTheLastIdInAScope, .negativeDroppedThrough:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit(StoreFixture.rootCategoryCommit(3))
                store.close()
                try fixture.writeBehindTheStoresBack { db in try db.execute(sql: numberDamage?.sql ?? "") }
            case .version1SequencePastTheLastId:
                try fixture.makeVersion1Store(category: .large, legibilityWeight: .regular, sequence: 0, changes: [])
                try fixture.writeBehindTheStoresBack { db in try db.execute(sql: numberDamage?.sql ?? "") }
            case .version1StoreBehindItsChanges:
                try fixture.makeVersion1Store(
                    category: .small, legibilityWeight: .regular, sequence: 1, changes: StoreFixture.categoryChanges(2))
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedFileIsRefusedAndLeftAsItWas(_ damage: Damage) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try damage.make(fixture)
        let before = try fixture.bytes()

        let error = #expect(throws: SQLiteStoreError.self) { try SQLitePreferenceStore.open(path: fixture.path) }
        guard case .damaged(let path, let reason)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(path == fixture.path)
        #expect(!reason.isEmpty)
        #expect(error?.description.contains(fixture.path) == true)
        #expect(try fixture.bytes() == before)
        if let (_, field, value) = damage.numberDamage {
            #expect(reason.contains(field) && reason.contains(value), "\(reason)")
        }
        // Refused again, not locked: the refused open let go of the file.
        #expect(throws: SQLiteStoreError.self) { try SQLitePreferenceStore.open(path: fixture.path) }
        #expect(try fixture.bytes() == before)
    }

    @Test func aStoreAtTheLastIdAndPositionOpensAndLoads() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(StoreFixture.rootCategoryCommit(3))
        store.close()
        let last = StoredScopes.maximumSequence
        try fixture.writeBehindTheStoresBack { db in
            try db.execute(sql: "UPDATE preferences SET sequence = ?, position = ?, category_mark = ?", arguments: [last, last, last])
        }
        let loaded = try SQLitePreferenceStore.open(path: fixture.path).load()
        #expect(loaded.sequence == last && loaded.position == last)
        #expect(loaded.scopes.first?.categoryMark == last)
    }

    @Test(arguments: [false, true])
    func storeFromANewerFontdIsRefused(withATableOfItsOwn: Bool) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try SQLitePreferenceStore.open(path: fixture.path).close()
        try fixture.writeBehindTheStoresBack { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v7')")
            if withATableOfItsOwn { try db.execute(sql: "CREATE TABLE devices (id INTEGER PRIMARY KEY)") }
        }
        let before = try fixture.bytes()

        #expect(throws: SQLiteStoreError.newerSchema(fixture.path, migrations: ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])) {
            try SQLitePreferenceStore.open(path: fixture.path)
        }
        #expect(try fixture.bytes() == before)
    }

    /// Rows fontd would not write, put there by a program that skips SQLite's CHECK constraints:
    /// refused at open when the integrity check sees a broken constraint, else by `load()`.
    enum RowDamage: String, CaseIterable, CustomTestStringConvertible {
        case scopeWithNoValue, scopeOutsideTheForm, unknownCategoryInAScope, unknownWeightInTheHistory, unknownRootCategory

        var testDescription: String { rawValue }

        var sql: String {
            switch self {
            case .scopeWithNoValue: "UPDATE scopes SET category = NULL, legibility_weight = NULL"
            case .scopeOutsideTheForm: "UPDATE scopes SET scope = 'alice//phone'"
            case .unknownCategoryInAScope: "UPDATE scopes SET category = 'huge'"
            case .unknownWeightInTheHistory: "UPDATE history SET value = 'heavy' WHERE kind = 'legibilityWeight'"
            case .unknownRootCategory: "UPDATE preferences SET category = 'huge'"
            }
        }
    }

    @Test(arguments: RowDamage.allCases)
    func rowsFontdWouldNotWriteAreRefused(_ damage: RowDamage) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let alice = try PreferenceScope(parsing: "alice")
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(
            ScopeCommit(
                entries: [
                    ScopeHistoryEntry(
                        position: 1, sequence: 1, isEvent: true, scope: alice, change: .legibilityWeight(.bold, previous: nil))
                ],
                scopes: [ScopeRecord(scope: alice, legibilityWeight: .bold, legibilityWeightMark: 1)], sequence: 1))
        store.close()
        try fixture.writeBehindTheStoresBack { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: damage.sql)
            #expect(db.changesCount == 1)
        }

        let error = #expect(throws: SQLiteStoreError.self) { try SQLitePreferenceStore.open(path: fixture.path).load() }
        guard case .damaged(let path, let reason)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(path == fixture.path)
        #expect(!reason.isEmpty)
    }

    @Test func sqliteItselfRefusesAScopeWithNoValue() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try SQLitePreferenceStore.open(path: fixture.path).close()
        #expect(throws: DatabaseError.self) {
            try fixture.writeBehindTheStoresBack { db in
                try db.execute(sql: "INSERT INTO scopes (scope, category_mark, legibility_weight_mark) VALUES ('alice', 0, 0)")
            }
        }
    }
}
