import DynamicType
import Foundation
import GRDB
import ScopedPreferences
import Testing

@testable import SQLiteStore

/// A store the fontd before text spacing left (its migrations end at `v2`, frozen as written)
/// opens with every value it held and takes text spacing after `v3`. Serialized, as StoreFixture says why.
@Suite(.serialized) struct OlderStoreTests {
    typealias Fixture = StoreFixture

    @Test func aVersion2StoreKeepsItsScopesAndHistoryAndTakesTextSpacing() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(
            atPath: (fixture.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: fixture.path)
        try StoreSchema.migrator.migrate(database, upTo: "v2")
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE preferences SET category = 'xl', category_mark = 1, sequence = 2, position = 2;
                    INSERT INTO scopes (scope, category, legibility_weight, category_mark, legibility_weight_mark) VALUES ('alice', NULL, 'bold', 1, 2);
                    INSERT INTO history (position, sequence, is_event, scope, kind, value, previous) VALUES
                        (1, 1, 1, '', 'category', 'xl', 'l'), (2, 2, 1, 'alice', 'legibilityWeight', 'bold', NULL);
                    """)
        }
        try database.close()

        let alice = try Fixture.scope("alice")
        let root = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, textSpacing: .default, categoryMark: 1)
        var aliceRecord = ScopeRecord(scope: alice, legibilityWeight: .bold, categoryMark: 1, legibilityWeightMark: 2)
        let history = [
            Fixture.entry(1, .category(.extraLarge, previous: .large)), Fixture.entry(2, alice, .legibilityWeight(.bold, previous: nil)),
        ]
        let store = try SQLitePreferenceStore.open(path: fixture.path)
        #expect(!store.wasCreated)
        #expect(try store.load() == StoredScopes(sequence: 2, position: 2, scopes: [root, aliceRecord], history: history))

        // After v3: a third kind of entry, and a scope whose only own value is its text spacing.
        let bob = try Fixture.scope("bob")
        let bobRecord = ScopeRecord(scope: bob, textSpacing: .wcag, textSpacingMark: 3)
        aliceRecord.textSpacing = .wcag
        aliceRecord.textSpacingMark = 4
        let entries = [
            Fixture.entry(3, bob, .textSpacing(.wcag, previous: nil)), Fixture.entry(4, alice, .textSpacing(.wcag, previous: nil)),
        ]
        try store.commit(ScopeCommit(entries: [entries[0]], scopes: [bobRecord], sequence: 3))
        try store.commit(ScopeCommit(entries: [entries[1]], scopes: [aliceRecord], sequence: 4))
        store.close()
        let reopened = try SQLitePreferenceStore.open(path: fixture.path)
        defer { reopened.close() }
        #expect(
            try reopened.load()
                == StoredScopes(sequence: 4, position: 4, scopes: [root, aliceRecord, bobRecord], history: history + entries))
        #expect(try reopened.pragma("quick_check") == "ok")
    }
}
