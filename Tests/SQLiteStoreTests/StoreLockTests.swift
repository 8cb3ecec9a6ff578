import Foundation
import ProcessSpawning
import SQLiteStore
import Testing

/// One store, one owner: a second open — in this process or another — is refused at once.
/// Serialized, as StoreFixture says why.
@Suite(.serialized) struct StoreLockTests {
    /// Runs `/usr/bin/flock --nonblock PATH true`: 0 when it could take the lock, 1 when not.
    private func flockStatus(_ path: String) throws -> Int32 {
        try SpawnedProcess(["/usr/bin/flock", "--nonblock", path, "true"]).wait().shellStatus
    }

    @Test func secondOpenOfTheSamePathIsLocked() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(StoreFixture.rootCategoryCommit(1))
        #expect(throws: SQLiteStoreError.locked(fixture.path)) { try SQLitePreferenceStore.open(path: fixture.path) }
        #expect(
            SQLiteStoreError.locked(fixture.path).description
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

    @Test func aDanglingLinkAtTheStorePathIsRefusedAndNothingIsMadeWhereItPoints() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let target = fixture.directory.appendingPathComponent("elsewhere.sqlite").path
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path, withDestinationPath: target)

        #expect(throws: SQLiteStoreError.symbolicLink(fixture.path)) { try SQLitePreferenceStore.open(path: fixture.path) }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == ["state"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixture.path) == target, "the link is left as it was")
        #expect(
            SQLiteStoreError.symbolicLink(fixture.path).description
                == "the store \(fixture.path) is a symbolic link, which fontd does not follow; give --store the path of the file itself")
    }

    @Test func aLinkToAnExistingStoreIsRefusedAndTheStoreLeftAsItWas() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.makeStore(withRootChanges: 2)
        let before = try fixture.bytes()
        let link = fixture.directory.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path)

        #expect(throws: SQLiteStoreError.symbolicLink(link)) { try SQLitePreferenceStore.open(path: link) }
        #expect(try fixture.bytes() == before)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"), "not opened through the link")
        // The store itself, at its own path, opens as before.
        #expect(try SQLitePreferenceStore.open(path: fixture.path).load().sequence == 2)
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
