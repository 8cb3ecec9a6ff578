import DynamicType
import Foundation
import GRDB
import SQLiteStore
import ScopedPreferences
import Testing

/// What only the SQLite store does: telling a new file from an existing one, migrating a `v1`
/// store, importing a state file, WAL with full syncs. The contract both stores keep (commits,
/// refusals, drops, reopening) is StoreContractTests'. Serialized, as StoreFixture says why.
@Suite(.serialized) struct SQLitePreferenceStoreTests {
    typealias Fixture = StoreFixture

    @Test func newStoreStartsAtLargeRegularSequenceZero() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        #expect(store.path == fixture.path)
        let loaded = try store.load()
        #expect(loaded == StoredScopes(sequence: 0, position: 0, scopes: [.initialRoot], history: [], droppedThrough: [:]))
        #expect(loaded.scopes.first == ScopeRecord(scope: .root, category: .large, legibilityWeight: .regular))
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!reopened.wasCreated)
        #expect(try reopened.load() == loaded)
    }

    @Test func anEmptyFileOpensAsANewStore() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: Data()))
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        #expect(try store.load() == StoredScopes())
    }

    @Test func aVersion1StoreIsMigratedToRootEntriesAndMarks() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // Changes 1 and 2 were pruned by the fontd that wrote it.
        try fixture.makeVersion1Store(
            category: .extraLarge, legibilityWeight: .bold, sequence: 6,
            changes: [
                Fixture.category(3, .medium, from: .large),
                Fixture.weight(4, .bold, from: .regular),
                Fixture.category(5, .accessibilityMedium, from: .medium),
                Fixture.category(6, .extraLarge, from: .accessibilityMedium),
            ])
        let expected = StoredScopes(
            sequence: 6, position: 6,
            scopes: [ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .bold, categoryMark: 6, legibilityWeightMark: 4)],
            history: [
                Fixture.entry(3, .category(.medium, previous: .large)),
                Fixture.entry(4, .legibilityWeight(.bold, previous: .regular)),
                Fixture.entry(5, .category(.accessibilityMedium, previous: .medium)),
                Fixture.entry(6, .category(.extraLarge, previous: .accessibilityMedium)),
            ],
            droppedThrough: [.root: 2])

        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!store.wasCreated)
        #expect(try store.load() == expected)
        store.close()

        let database = try DatabaseQueue(path: fixture.path)
        let (hasChanges, migrations) = try database.read { db in
            (try db.tableExists("changes"), try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"))
        }
        try database.close()
        #expect(!hasChanges)
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6"])

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.load() == expected)
        var root = expected.scopes[0]
        root.category = .small
        root.categoryMark = 7
        try reopened.commit(ScopeCommit(entries: [Fixture.entry(7, .category(.small, previous: .extraLarge))], scopes: [root], sequence: 7))
        #expect(try reopened.load().scopes == [root])
    }

    @Test func aVersion1StoreWithoutChangesIsMigratedEmpty() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.makeVersion1Store(category: .large, legibilityWeight: .regular, sequence: 0, changes: [])
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!store.wasCreated)
        #expect(try store.load() == StoredScopes())
    }

    @Test func importKeepsAStatesPreferencesSequenceAndHistoryAsTheRoots() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        try store.importState(Fixture.importedState)
        #expect(try store.load() == Fixture.importedScopes)
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!reopened.wasCreated)
        #expect(try reopened.load() == Fixture.importedScopes)
        var root = Fixture.importedScopes.scopes[0]
        root.category = .medium
        root.categoryMark = 8
        try reopened.commit(
            ScopeCommit(entries: [Fixture.entry(8, .category(.medium, previous: .extraLarge))], scopes: [root], sequence: 8))
        #expect(try reopened.load().scopes == [root])
    }

    @Test func importOfAHistoryStartingLaterRecordsTheEarlierAsDropped() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let history = Array(Fixture.categoryChanges(15)[10...])
        guard case .categoryChanged(let last)? = history.last else {
            Issue.record("no last change")
            return
        }
        let state = StoredScopes(
            sequence: 15, position: 15, scopes: [ScopeRecord(scope: .root, category: last.value, legibilityWeight: .regular)],
            history: Fixture.entries(history))
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.importState(state)
        let loaded = try store.load()
        #expect(loaded.history.map(\.position) == Array(11...15))
        #expect(loaded.history.map(\.sequence) == Array(11...15))
        #expect(loaded.droppedThrough == [.root: 10])
        #expect(loaded.scopes == [ScopeRecord(scope: .root, category: last.value, legibilityWeight: .regular, categoryMark: 15)])
        #expect((loaded.sequence, loaded.position) == (15, 15))
    }

    @Test func importIntoAStoreThatHoldsAnythingIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(Fixture.rootCategoryCommit(1))
        let before = try store.load()
        #expect(throws: SQLiteStoreError.notEmpty(fixture.path)) { try store.importState(Fixture.importedState) }
        #expect(try store.load() == before)

        let other = try Fixture()
        defer { other.remove() }
        let imported = try SQLitePreferenceStore.open(path: other.path)
        try imported.importState(Fixture.importedState)
        #expect(throws: SQLiteStoreError.notEmpty(other.path)) { try imported.importState(Fixture.importedState) }
        #expect(try imported.load() == Fixture.importedScopes)
    }

    @Test func importRefusesAHistoryThatDoesNotHoldTogether() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        var gap = Fixture.importedState
        gap.history.remove(at: 3)
        var wrongSequence = Fixture.importedState
        wrongSequence.sequence = 8
        var sequenceWithoutHistory = Fixture.importedState
        sequenceWithoutHistory.history = []
        var silent = Fixture.importedState
        silent.history[6].isEvent = false
        var otherScope = Fixture.importedState
        otherScope.scopes.append(ScopeRecord(scope: try Fixture.scope("alice"), category: .small))

        for state in [gap, wrongSequence, sequenceWithoutHistory, silent, otherScope] {
            let error = #expect(throws: SQLiteStoreError.self) { try store.importState(state) }
            guard case .invalidImport? = error else {
                Issue.record("expected invalidImport, got \(String(describing: error))")
                continue
            }
        }
        #expect(try store.load() == StoredScopes())
    }

    @Test func commitsAreFullySyncedInWriteAheadLogMode() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try store.pragma("synchronous") == "2")
        #expect(try store.pragma("journal_mode") == "wal")
        store.close()
        // An existing store too (GRDB's own WAL set-up would have made it NORMAL, 1).
        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.pragma("synchronous") == "2")
        #expect(try reopened.pragma("journal_mode") == "wal")
        #expect(throws: SQLiteStoreError.invalidPragma("synchronous = OFF")) { try reopened.pragma("synchronous = OFF") }
    }
}
