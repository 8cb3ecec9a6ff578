import DynamicType
import Foundation
import SQLiteStore
import Testing

/// Preferences, sequence and history through commits, reopening, replay and import.
/// Serialized, as StoreFixture says why.
@Suite(.serialized) struct SQLitePreferenceStoreTests {
    typealias Fixture = StoreFixture

    @Test func newStoreStartsAtLargeRegularSequenceZero() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        #expect(store.path == fixture.path)
        let loaded = try store.load(historyLimit: 1024)
        #expect(loaded.preferences == Preferences(category: .large, legibilityWeight: .regular, sequence: 0))
        #expect(loaded.history.isEmpty)
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!reopened.wasCreated)
        #expect(try reopened.load(historyLimit: 1024) == loaded)
    }

    @Test func anEmptyFileOpensAsANewStore() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: fixture.path, contents: Data()))
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        #expect(try store.load(historyLimit: 10) == StoredPreferences())
    }

    @Test func commitsSurviveReopeningInOrder() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let history = [
            Fixture.category(1, .extraLarge, from: .large),
            Fixture.weight(2, .bold, from: .regular),
            Fixture.category(3, .accessibilityLarge, from: .extraLarge),
            Fixture.weight(4, .regular, from: .bold),
        ]
        let expected = StoredPreferences(
            preferences: Preferences(category: .accessibilityLarge, legibilityWeight: .regular, sequence: 4), history: history)

        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit([history[0]])
        try store.commit([history[1]])
        try store.commit(Array(history[2...]))
        #expect(try store.load(historyLimit: 1024) == expected)
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try reopened.load(historyLimit: 1024) == expected)
        #expect(try reopened.load(historyLimit: 2).history == Array(history[2...]))
        #expect(try reopened.load(historyLimit: 0).history.isEmpty)
        // A commit after reopening follows on from the stored sequence and values.
        try reopened.commit([Fixture.category(5, .small, from: .accessibilityLarge)])
        #expect(try reopened.load(historyLimit: 1).preferences == Preferences(category: .small, legibilityWeight: .regular, sequence: 5))
    }

    @Test func changesAfterWithinTheHistory() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(try store.changes(after: 0) == [])
        #expect(try store.changes(after: 1) == nil)

        let history = Fixture.categoryChanges(6)
        try store.commit(history)
        #expect(try store.changes(after: 0) == history)
        #expect(try store.changes(after: 3) == Array(history[3...]))
        #expect(try store.changes(after: 6) == [])
        #expect(try store.changes(after: 7) == nil)
        #expect(try store.changes(after: -1) == nil)
    }

    @Test func changesOlderThanTheKeptOnesCannotBeTold() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path, keptChanges: 10)
        let history = Fixture.categoryChanges(15)
        for change in history { try store.commit([change]) }

        // Changes 6…15 are kept: resuming after 5 is still exact, after 4 is not.
        #expect(try store.load(historyLimit: 1024).history == Array(history[5...]))
        #expect(try store.changes(after: 5) == Array(history[5...]))
        #expect(try store.changes(after: 9) == Array(history[9...]))
        #expect(try store.changes(after: 15) == [])
        #expect(try store.changes(after: 4) == nil)
        #expect(try store.changes(after: 0) == nil)
        #expect(try store.changes(after: 16) == nil)

        // Pruning also holds for several changes in one commit, and across reopening.
        let more = Array(Fixture.categoryChanges(27)[15...])
        try store.commit(more)
        store.close()
        let reopened = try SQLitePreferenceStore.open(path: fixture.path, keptChanges: 10)
        #expect(try reopened.load(historyLimit: 1024).history == Array(more[2...]))
        #expect(try reopened.changes(after: 16) == nil)
        #expect(try reopened.changes(after: 17) == Array(more[2...]))
    }

    @Test func commitRefusesWhatDoesNotFollowAndLeavesTheStoreAsItWas() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit([Fixture.category(1, .extraLarge, from: .large)])
        let before = try store.load(historyLimit: 1024)
        let next = Fixture.weight(2, .bold, from: .regular)

        #expect(throws: SQLiteStoreError.outOfOrder(expected: 2, got: 3)) {
            try store.commit([Fixture.weight(3, .bold, from: .regular)])
        }
        #expect(throws: SQLiteStoreError.outOfOrder(expected: 2, got: 1)) {
            try store.commit([Fixture.category(1, .extraLarge, from: .large)])
        }
        // The first change of the commit is fine; the second does not follow it, so neither is kept.
        #expect(throws: SQLiteStoreError.outOfOrder(expected: 3, got: 4)) {
            try store.commit([next, Fixture.category(4, .small, from: .extraLarge)])
        }
        let snapshot = PreferenceEvent.snapshot(Preferences(category: .small, legibilityWeight: .bold, sequence: 2))
        #expect(throws: SQLiteStoreError.notAChange("preferences")) { try store.commit([snapshot]) }
        #expect(throws: SQLiteStoreError.notAChange("preferences")) { try store.commit([next, snapshot]) }
        #expect(throws: SQLiteStoreError.previousMismatch(sequence: 2, expected: "xl", got: "m")) {
            try store.commit([Fixture.category(2, .small, from: .medium)])
        }
        #expect(try store.load(historyLimit: 1024) == before)
        #expect(try store.changes(after: 1) == [])

        try store.commit([])
        try store.commit([next])
        #expect(try store.load(historyLimit: 1).preferences.sequence == 2)
    }

    @Test func importKeepsAStatesPreferencesSequenceAndHistory() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let state = Fixture.importedState
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(store.wasCreated)
        try store.importState(state)
        #expect(try store.load(historyLimit: 1024) == state)
        #expect(try store.changes(after: 3) == Array(state.history[3...]))
        store.close()

        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!reopened.wasCreated)
        #expect(try reopened.load(historyLimit: 1024) == state)
        #expect(try reopened.changes(after: 3) == Array(state.history[3...]))
        try reopened.commit([Fixture.category(8, .medium, from: .extraLarge)])
        #expect(try reopened.load(historyLimit: 1).preferences == Preferences(category: .medium, legibilityWeight: .bold, sequence: 8))
    }

    @Test func importKeepsTheNewestChangesOnly() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let history = Fixture.categoryChanges(15)
        guard case .categoryChanged(let last)? = history.last else { Issue.record("no last change"); return }
        let state = StoredPreferences(
            preferences: Preferences(category: last.category, legibilityWeight: .regular, sequence: 15), history: history)
        let store = try SQLitePreferenceStore.open(path: fixture.path, keptChanges: 10)
        try store.importState(state)
        #expect(try store.load(historyLimit: 1024).history == Array(history[5...]))
        #expect(try store.changes(after: 4) == nil)
    }

    @Test func importIntoAStoreWithChangesIsRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        try store.commit([Fixture.category(1, .small, from: .large)])
        let before = try store.load(historyLimit: 1024)
        #expect(throws: SQLiteStoreError.notEmpty(fixture.path)) { try store.importState(Fixture.importedState) }
        #expect(try store.load(historyLimit: 1024) == before)

        let other = try Fixture()
        defer { other.remove() }
        let imported = try SQLitePreferenceStore.open(path: other.path)
        try imported.importState(Fixture.importedState)
        #expect(throws: SQLiteStoreError.notEmpty(other.path)) { try imported.importState(Fixture.importedState) }
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
        #expect(try store.load(historyLimit: 1024) == StoredPreferences())
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
