import Foundation
import SQLiteStore
import Testing

/// One store, one owner: a second open — in this process or another — is refused at once.
/// Serialized, as StoreFixture says why.
@Suite(.serialized) struct StoreLockTests {
    /// Runs `/usr/bin/flock --nonblock PATH true`: 0 when it could take the lock, 1 when not.
    private func flockStatus(_ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = ["--nonblock", path, "true"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func secondOpenOfTheSamePathIsLocked() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(StoreFixture.rootCategoryCommit(1))
        #expect(throws: SQLiteStoreError.locked(fixture.path)) { try SQLitePreferenceStore.open(path: fixture.path) }
        #expect(SQLiteStoreError.locked(fixture.path).description
            == "another fontd serve holds the store \(fixture.path); stop it or give another --store")
        // The refused open leaves the first one working.
        #expect(try store.load().sequence == 1)

        store.close()
        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.load().scopes == StoreFixture.rootCategoryCommit(1).scopes)
    }

    @Test func anotherProcessCannotTakeTheLock() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try flockStatus(fixture.path) == 1)
        store.close()
        #expect(try flockStatus(fixture.path) == 0)
    }

    @Test func droppingTheStoreReleasesTheLock() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        do {
            let store = try SQLitePreferenceStore.open(path: fixture.path)
            #expect(store.wasCreated)
        }
        #expect(try flockStatus(fixture.path) == 0)
        #expect(try !SQLitePreferenceStore.open(path: fixture.path).wasCreated)
    }

    @Test func aClosedStoreRefusesCalls() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        store.close()
        store.close()
        #expect(throws: SQLiteStoreError.closed(fixture.path)) { try store.load() }
        #expect(throws: SQLiteStoreError.closed(fixture.path)) { try store.commit(StoreFixture.rootCategoryCommit(1)) }
        #expect(throws: SQLiteStoreError.closed(fixture.path)) { try store.importState(StoreFixture.importedState) }
    }
}
