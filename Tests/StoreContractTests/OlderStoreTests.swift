import DynamicType
import FontdTestSupport
import GRDB
import PostgresTestSupport
import ScopedPreferences
import Testing

@testable import PostgresStore
@testable import SQLiteStore

/// A store the release before the reading font left (docs/DESIGN.md §33 (The reading font)) — SQLite at `v4`,
/// PostgreSQL at schema version 3, each made by its own frozen migrations as they were written —
/// opens with every value it held, no reading font, and takes one. Serialized, as the contract
/// suite is.
@Suite(.serialized, .ownThread) struct OlderStoreTests {
    /// Every value that release could hold, as SQL both older schemas take: the three
    /// preferences it knew, set at the root and in two scopes, a silent entry, an entry dropped
    /// (position 1), and revocations.
    static let rows = [
        """
        UPDATE preferences SET category = 'xl', category_mark = 1, legibility_weight = 'bold', legibility_weight_mark = 2,
            text_spacing = 'wcag', text_spacing_mark = 3, sequence = 5, position = 6
        """,
        """
        INSERT INTO scopes (scope, category, legibility_weight, category_mark, legibility_weight_mark, text_spacing, text_spacing_mark)
            VALUES ('alice', 's', NULL, 4, 0, 'default', 5), ('bob', NULL, 'bold', 0, 2, NULL, 0)
        """,
        """
        INSERT INTO history (position, sequence, is_event, scope, kind, value, previous) VALUES
            (2, 2, TRUE, '', 'legibilityWeight', 'bold', 'regular'), (3, 3, TRUE, '', 'textSpacing', 'wcag', 'default'),
            (4, 4, TRUE, 'alice', 'category', 's', NULL), (5, 4, FALSE, 'bob', 'legibilityWeight', 'bold', NULL),
            (6, 5, TRUE, 'alice', 'textSpacing', 'default', NULL)
        """,
        "INSERT INTO dropped_history (scope, through_sequence) VALUES ('', 1)",
        "INSERT INTO revocations (scope, revoked_before) VALUES ('alice', 1800000000), ('bob/phone', 1800000100)",
    ]

    /// Makes the older store of `kind` holding `rows` at `place` (a path or a database name).
    static func makeOlderStore(_ kind: StoreKind, at place: String) throws {
        switch kind {
        case .sqlite:
            let database = try DatabaseQueue(path: place)
            try StoreSchema.migrator.migrate(database, upTo: "v4")
            try database.write { db in
                for row in rows { try db.execute(sql: row) }
            }
            try database.close()
        case .postgres:
            let statements = PostgresSchema.version1 + PostgresSchema.version2 + PostgresSchema.version3 + rows
            try PostgresCluster.shared().runSQL(statements.joined(separator: ";\n"), database: place)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aStoreFromBeforeTheReadingFontKeepsEveryValueWithNoneAndTakesOne(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind) { try Self.makeOlderStore(kind, at: $0) }
        let (alice, bob) = (try Entries.scope("alice"), try Entries.scope("bob"))
        let root = ScopeRecord(
            scope: .root, category: .extraLarge, legibilityWeight: .bold, textSpacing: .wcag,
            categoryMark: 1, legibilityWeightMark: 2, textSpacingMark: 3)
        let aliceRecord = ScopeRecord(scope: alice, category: .small, textSpacing: .default, categoryMark: 4, textSpacingMark: 5)
        let bobRecord = ScopeRecord(scope: bob, legibilityWeight: .bold, legibilityWeightMark: 2)
        let history = [
            Entries.entry(2, .legibilityWeight(.bold, previous: .regular)), Entries.entry(3, .textSpacing(.wcag, previous: .default)),
            Entries.entry(4, alice, .category(.small, previous: nil)),
            Entries.entry(5, sequence: 4, isEvent: false, bob, .legibilityWeight(.bold, previous: nil)),
            Entries.entry(6, sequence: 5, alice, .textSpacing(.default, previous: nil)),
        ]
        let revocations = [
            TokenRevocation(scope: alice, revokedBefore: 1_800_000_000),
            TokenRevocation(scope: try Entries.scope("bob/phone"), revokedBefore: 1_800_000_100),
        ]
        let loaded = try store.load()
        #expect(
            loaded
                == StoredScopes(
                    sequence: 5, position: 6, scopes: [root, aliceRecord, bobRecord], history: history, droppedThrough: [.root: 1]))
        #expect(loaded.scopes.map { $0.values[.readingFont] } == ["", nil, nil], "no reading font: none at the root, inherited below")
        #expect(try store.revocations() == revocations)

        // A scope whose only own value is its reading font, kept across reopening with the rest.
        var carol = ScopeRecord(scope: try Entries.scope("carol"))
        carol.values[.readingFont] = "OpenDyslexic"
        carol.marks[.readingFont] = 6
        let entry = Entries.entry(7, sequence: 6, carol.scope, ScopeHistoryEntry.Change(.readingFont, value: "OpenDyslexic", previous: nil))
        try store.commit(ScopeCommit(entries: [entry], scopes: [carol], sequence: 6))
        try store.reopen()
        #expect(
            try store.load()
                == StoredScopes(
                    sequence: 6, position: 7, scopes: [root, aliceRecord, bobRecord, carol], history: history + [entry],
                    droppedThrough: [.root: 1]))
        #expect(try store.revocations() == revocations)
    }
}
