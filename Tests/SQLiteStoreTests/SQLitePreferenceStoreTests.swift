import DynamicType
import Foundation
import GRDB
import SQLiteStore
import Testing

/// Scopes, sequence, position and history through commits, drops, reopening, migration and
/// import. Serialized, as StoreFixture says why.
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
        try FileManager.default.createDirectory(atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: Data()))
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        #expect(try store.load() == StoredScopes())
    }

    @Test func rootAndScopedRecordsSurviveReopeningWithSilentEntries() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (alice, phone) = (try Fixture.scope("alice"), try Fixture.scope("alice/phone"))
        let root = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, categoryMark: 1)
        let aliceRecord = ScopeRecord(scope: alice, category: .small, categoryMark: 2)
        var phoneRecord = ScopeRecord(scope: phone, legibilityWeight: .bold, categoryMark: 0, legibilityWeightMark: 3)
        let entries = [
            Fixture.entry(1, .category(.extraLarge, previous: .large)),
            Fixture.entry(2, alice, .category(.small, previous: nil)),
            Fixture.entry(3, phone, .legibilityWeight(.bold, previous: nil)),
            // Set equal to what it inherits from alice: no event, no id.
            Fixture.entry(4, sequence: 3, isEvent: false, phone, .category(.small, previous: nil)),
        ]

        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(ScopeCommit(entries: [entries[0]], scopes: [root], sequence: 1))
        try store.commit(ScopeCommit(entries: Array(entries[1...2]), scopes: [phoneRecord, aliceRecord], sequence: 3))
        phoneRecord.category = .small
        phoneRecord.categoryMark = 2
        try store.commit(ScopeCommit(entries: [entries[3]], scopes: [phoneRecord], sequence: 3))
        let expected = StoredScopes(sequence: 3, position: 4, scopes: [root, aliceRecord, phoneRecord], history: entries)
        #expect(try store.load() == expected)
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.load() == expected)
        // A commit after reopening follows on from the stored position.
        let next = Fixture.entry(5, sequence: 4, .legibilityWeight(.bold, previous: .regular))
        var boldRoot = root
        boldRoot.legibilityWeight = .bold
        boldRoot.legibilityWeightMark = 4
        try reopened.commit(ScopeCommit(entries: [next], scopes: [boldRoot], sequence: 4))
        let loaded = try reopened.load()
        #expect(loaded.scopes.first == boldRoot)
        #expect(loaded.history.last == next)
        #expect((loaded.sequence, loaded.position) == (4, 5))
    }

    @Test func aClearedValueIsStoredAsNullAndAScopeWithNoValueIsDeleted() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let alice = try Fixture.scope("alice")
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(ScopeCommit(
            entries: [Fixture.entry(1, alice, .category(.extraLarge, previous: nil)), Fixture.entry(2, alice, .legibilityWeight(.bold, previous: nil))],
            scopes: [ScopeRecord(scope: alice, category: .extraLarge, legibilityWeight: .bold, categoryMark: 1, legibilityWeightMark: 2)],
            sequence: 2))

        let cleared = ScopeRecord(scope: alice, category: nil, legibilityWeight: .bold, categoryMark: 3, legibilityWeightMark: 2)
        try store.commit(ScopeCommit(entries: [Fixture.entry(3, alice, .category(nil, previous: .extraLarge))], scopes: [cleared], sequence: 3))
        var loaded = try store.load()
        #expect(loaded.scopes == [.initialRoot, cleared])
        #expect(loaded.history.last?.change == .category(nil, previous: .extraLarge))

        try store.commit(ScopeCommit(
            entries: [Fixture.entry(4, alice, .legibilityWeight(nil, previous: .bold))],
            scopes: [ScopeRecord(scope: alice, categoryMark: 3, legibilityWeightMark: 4)], sequence: 4))
        loaded = try store.load()
        #expect(loaded.scopes == [.initialRoot])
        // The scope's history stays until the service drops it.
        #expect(loaded.history.map(\.position) == [1, 2, 3, 4])
        #expect(loaded.history.last?.change == .legibilityWeight(nil, previous: .bold))
        store.close()

        let database = try DatabaseQueue(path: fixture.path)
        defer { try? database.close() }
        let (scopes, clearedCategory, clearedWeight) = try database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scopes"),
                try Bool.fetchOne(db, sql: "SELECT value IS NULL AND previous = 'xl' FROM history WHERE position = 3"),
                try Bool.fetchOne(db, sql: "SELECT value IS NULL AND previous = 'bold' FROM history WHERE position = 4")
            )
        }
        #expect(scopes == 0)
        #expect(clearedCategory == true)
        #expect(clearedWeight == true)
    }

    @Test func aCommitThatDoesNotHoldTogetherWritesNothing() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let alice = try Fixture.scope("alice")
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        let first = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, categoryMark: 1)
        try store.commit(ScopeCommit(entries: [Fixture.entry(1, .category(.extraLarge, previous: .large))], scopes: [first], sequence: 1))
        let before = try store.load()

        // Each also writes a scope and drops entries, so a partial write would show.
        let aliceRecord = ScopeRecord(scope: alice, category: .small, categoryMark: 2)
        let drops = [ScopeCommit.Drop(scope: .root, throughPosition: 1, throughSequence: 1)]
        func attempt(_ entries: [ScopeHistoryEntry], root: ScopeRecord? = nil, sequence: Int) -> ScopeCommit {
            ScopeCommit(entries: entries, scopes: [aliceRecord] + (root.map { [$0] } ?? []), sequence: sequence, drops: drops)
        }
        let aliceEntry = { (position: Int, sequence: Int) in Fixture.entry(position, sequence: sequence, alice, .category(.small, previous: nil)) }
        var clearedRoot = first
        clearedRoot.legibilityWeight = nil

        let refused: [(ScopeCommit, SQLiteStoreError?)] = [
            (attempt([aliceEntry(3, 2)], sequence: 2), .positionOutOfOrder(expected: 2, got: 3)),
            (attempt([aliceEntry(1, 2)], sequence: 2), .positionOutOfOrder(expected: 2, got: 1)),
            (attempt([aliceEntry(2, 2), aliceEntry(4, 3)], sequence: 3), .positionOutOfOrder(expected: 3, got: 4)),
            (attempt([Fixture.entry(2, sequence: 0, isEvent: false, alice, .category(.small, previous: nil))], sequence: 0),
             .sequenceBehind(stored: 1, got: 0)),
            (attempt([aliceEntry(2, 2)], root: clearedRoot, sequence: 2), nil),
            (attempt([aliceEntry(2, 5)], sequence: 2), nil),
        ]
        for (commit, expected) in refused {
            let error = #expect(throws: SQLiteStoreError.self) { try store.commit(commit) }
            if let expected {
                #expect(error == expected)
            } else if case .invalidCommit(let reason)? = error {
                #expect(!reason.isEmpty)
            } else {
                Issue.record("expected invalidCommit, got \(String(describing: error))")
            }
            #expect(try store.load() == before)
        }

        try store.commit(attempt([aliceEntry(2, 2)], sequence: 2))
        let loaded = try store.load()
        #expect(loaded.scopes == [first, aliceRecord])
        #expect(loaded.history == [aliceEntry(2, 2)])
        #expect((loaded.sequence, loaded.position) == (2, 2))
    }

    @Test func dropsDeleteExactlyTheScopesEntriesThroughThePosition() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (alice, phone) = (try Fixture.scope("alice"), try Fixture.scope("alice/phone"))
        let entries = [
            Fixture.entry(1, .category(.extraLarge, previous: .large)),
            Fixture.entry(2, alice, .category(.small, previous: nil)),
            Fixture.entry(3, alice, .legibilityWeight(.bold, previous: nil)),
            Fixture.entry(4, .legibilityWeight(.bold, previous: .regular)),
            Fixture.entry(5, alice, .category(.medium, previous: .small)),
            Fixture.entry(6, phone, .category(.large, previous: nil)),
        ]
        let scopes = [
            ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .bold, categoryMark: 1, legibilityWeightMark: 4),
            ScopeRecord(scope: alice, category: .medium, legibilityWeight: .bold, categoryMark: 5, legibilityWeightMark: 3),
            ScopeRecord(scope: phone, category: .large, categoryMark: 6, legibilityWeightMark: 3),
        ]
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit(ScopeCommit(entries: entries, scopes: scopes, sequence: 6))

        try store.commit(ScopeCommit(entries: [], scopes: [], sequence: 6, drops: [.init(scope: alice, throughPosition: 3, throughSequence: 3)]))
        var loaded = try store.load()
        #expect(loaded.history.map(\.position) == [1, 4, 5, 6])
        #expect(loaded.droppedThrough == [alice: 3])
        #expect(loaded.scopes == scopes)
        #expect((loaded.sequence, loaded.position) == (6, 6))

        try store.commit(ScopeCommit(entries: [], scopes: [], sequence: 6, drops: [
            .init(scope: alice, throughPosition: 5, throughSequence: 5), .init(scope: .root, throughPosition: 1, throughSequence: 1),
        ]))
        // A later drop naming an older sequence leaves the recorded one as it is.
        try store.commit(ScopeCommit(entries: [], scopes: [], sequence: 6, drops: [.init(scope: alice, throughPosition: 2, throughSequence: 2)]))
        let expected = StoredScopes(
            sequence: 6, position: 6, scopes: scopes, history: [entries[3], entries[5]], droppedThrough: [alice: 5, .root: 1])
        loaded = try store.load()
        #expect(loaded == expected)
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.load() == expected)
    }

    @Test func aVersion1StoreIsMigratedToRootEntriesAndMarks() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // Changes 1 and 2 were pruned by the fontd that wrote it.
        try fixture.makeVersion1Store(category: .extraLarge, legibilityWeight: .bold, sequence: 6, changes: [
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
        #expect(migrations == ["v1", "v2"])

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
        try reopened.commit(ScopeCommit(entries: [Fixture.entry(8, .category(.medium, previous: .extraLarge))], scopes: [root], sequence: 8))
        #expect(try reopened.load().scopes == [root])
    }

    @Test func importOfAHistoryStartingLaterRecordsTheEarlierAsDropped() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let history = Array(Fixture.categoryChanges(15)[10...])
        guard case .categoryChanged(let last)? = history.last else { Issue.record("no last change"); return }
        let state = StoredPreferences(
            preferences: Preferences(category: last.category, legibilityWeight: .regular, sequence: 15), history: history)
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.importState(state)
        let loaded = try store.load()
        #expect(loaded.history.map(\.position) == Array(11...15))
        #expect(loaded.history.map(\.sequence) == Array(11...15))
        #expect(loaded.droppedThrough == [.root: 10])
        #expect(loaded.scopes == [ScopeRecord(scope: .root, category: last.category, legibilityWeight: .regular, categoryMark: 15)])
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
        wrongSequence.preferences.sequence = 8
        var sequenceWithoutHistory = Fixture.importedState
        sequenceWithoutHistory.history = []
        var snapshot = Fixture.importedState
        snapshot.history[6] = .snapshot(Fixture.importedState.preferences)

        for state in [gap, wrongSequence, sequenceWithoutHistory] {
            let error = #expect(throws: SQLiteStoreError.self) { try store.importState(state) }
            guard case .invalidImport? = error else { Issue.record("expected invalidImport, got \(String(describing: error))"); continue }
        }
        #expect(throws: SQLiteStoreError.notAChange("preferences")) { try store.importState(snapshot) }
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
