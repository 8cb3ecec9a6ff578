import Foundation
import GRDB
import SQLiteStore
import Testing

/// A file that is not a whole fontd store is refused at open — never reset, never written.
/// Serialized, as StoreFixture says why.
@Suite(.serialized) struct DamagedStoreTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case randomBytes, shortRandomBytes, truncatedStore, otherApplicationsDatabase, storeWithAnExtraTable

        var testDescription: String { rawValue }

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
                try store.commit(StoreFixture.categoryChanges(3000))
                store.close()
                let bytes = try fixture.bytes()
                #expect(bytes.count > 4 * 4096)
                try bytes.prefix(bytes.count / 2).write(to: url)
            case .otherApplicationsDatabase:
                let database = try DatabaseQueue(path: fixture.path)
                try database.write { db in
                    try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')")
                }
                try database.close()
            case .storeWithAnExtraTable:
                let store = try SQLitePreferenceStore.open(path: fixture.path)
                try store.commit([StoreFixture.category(1, .small, from: .large)])
                store.close()
                let database = try DatabaseQueue(path: fixture.path)
                try database.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
                try database.close()
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
        // Refused again, not locked: the refused open let go of the file.
        #expect(throws: SQLiteStoreError.self) { try SQLitePreferenceStore.open(path: fixture.path) }
        #expect(try fixture.bytes() == before)
    }

    @Test func storeFromANewerFontdIsRefused() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try SQLitePreferenceStore.open(path: fixture.path).close()
        let database = try DatabaseQueue(path: fixture.path)
        try database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2')") }
        try database.close()
        let before = try fixture.bytes()

        #expect(throws: SQLiteStoreError.newerSchema(fixture.path, migrations: ["v1", "v2"])) {
            try SQLitePreferenceStore.open(path: fixture.path)
        }
        #expect(try fixture.bytes() == before)
    }
}
