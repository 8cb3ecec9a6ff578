import DynamicType
import ScopedPreferences
import Testing

/// The `PreferenceStorage` contract (docs/DESIGN.md §12 (The store and the state file), §23 (Reader scopes and scoped tokens)), the same for every store: scopes,
/// sequence, position and history through commits, refusals, drops and reopening. Serialized:
/// each test blocks a thread of the test process's small concurrency pool on the database.
@Suite(.serialized) struct StoreContractTests {
    @Test(arguments: StoreKind.allCases) func aNewStoreStartsAtLargeRegularSequenceZero(kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let loaded = try store.load()
        #expect(loaded == StoredScopes(sequence: 0, position: 0, scopes: [.initialRoot], history: [], droppedThrough: [:]))
        #expect(loaded.scopes.first == ScopeRecord(scope: .root, category: .large, legibilityWeight: .regular))
        try store.reopen()
        #expect(try store.load() == loaded)
    }

    @Test(arguments: StoreKind.allCases) func revocationsKeepTheNewestPerScopeAndSurviveReopening(kind: StoreKind) throws {
        let (alice, phone) = (try Entries.scope("alice"), try Entries.scope("alice/phone"))
        let store = try StoreUnderTest(kind)
        #expect(try store.revocations() == [])
        try store.revoke(TokenRevocation(scope: phone, revokedBefore: 1_800_000_000))
        try store.revoke(TokenRevocation(scope: alice, revokedBefore: 1_800_000_100))
        // An older one of a scope already revoked later changes nothing.
        try store.revoke(TokenRevocation(scope: alice, revokedBefore: 1_800_000_050))
        let expected = [
            TokenRevocation(scope: alice, revokedBefore: 1_800_000_100), TokenRevocation(scope: phone, revokedBefore: 1_800_000_000),
        ]
        #expect(try store.revocations() == expected)
        try store.reopen()
        #expect(try store.revocations() == expected)
        #expect(try store.load() == StoredScopes(sequence: 0, position: 0, scopes: [.initialRoot], history: [], droppedThrough: [:]))
    }

    @Test(arguments: StoreKind.allCases) func rootAndScopedRecordsSurviveReopeningWithSilentEntries(kind: StoreKind) throws {
        let (alice, phone) = (try Entries.scope("alice"), try Entries.scope("alice/phone"))
        let root = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, categoryMark: 1)
        let aliceRecord = ScopeRecord(scope: alice, category: .small, categoryMark: 2)
        var phoneRecord = ScopeRecord(scope: phone, legibilityWeight: .bold, categoryMark: 0, legibilityWeightMark: 3)
        let entries = [
            Entries.entry(1, .category(.extraLarge, previous: .large)),
            Entries.entry(2, alice, .category(.small, previous: nil)),
            Entries.entry(3, phone, .legibilityWeight(.bold, previous: nil)),
            // Set equal to what it inherits from alice: no event, no id.
            Entries.entry(4, sequence: 3, isEvent: false, phone, .category(.small, previous: nil)),
        ]

        let store = try StoreUnderTest(kind)
        try store.commit(ScopeCommit(entries: [entries[0]], scopes: [root], sequence: 1))
        try store.commit(ScopeCommit(entries: Array(entries[1...2]), scopes: [phoneRecord, aliceRecord], sequence: 3))
        phoneRecord.category = .small
        phoneRecord.categoryMark = 2
        try store.commit(ScopeCommit(entries: [entries[3]], scopes: [phoneRecord], sequence: 3))
        let expected = StoredScopes(sequence: 3, position: 4, scopes: [root, aliceRecord, phoneRecord], history: entries)
        #expect(try store.load() == expected)

        try store.reopen()
        #expect(try store.load() == expected)
        // A commit after reopening follows on from the stored position.
        let next = Entries.entry(5, sequence: 4, .legibilityWeight(.bold, previous: .regular))
        var boldRoot = root
        boldRoot.legibilityWeight = .bold
        boldRoot.legibilityWeightMark = 4
        try store.commit(ScopeCommit(entries: [next], scopes: [boldRoot], sequence: 4))
        let loaded = try store.load()
        #expect(loaded.scopes.first == boldRoot)
        #expect(loaded.history.last == next)
        #expect((loaded.sequence, loaded.position) == (4, 5))
    }

    @Test(arguments: StoreKind.allCases) func scopesLoadInTheOrderOfTheirPaths(kind: StoreKind) throws {
        let paths = ["b", "a/z", "a", "B", "a.b", "a-b", "a/b/c"]
        let records = try paths.map { ScopeRecord(scope: try Entries.scope($0), category: .small, categoryMark: 1) }
        let entries = records.enumerated().map { index, record in
            Entries.entry(index + 1, sequence: 1, isEvent: index == 0, record.scope, .category(.small, previous: nil))
        }
        let store = try StoreUnderTest(kind)
        try store.commit(ScopeCommit(entries: entries, scopes: records, sequence: 1))
        #expect(try store.load().scopes.map(\.scope.path) == [""] + paths.sorted())
    }

    @Test(arguments: StoreKind.allCases) func aClearedValueIsStoredAsNullAndAScopeWithNoValueIsDeleted(kind: StoreKind) throws {
        let alice = try Entries.scope("alice")
        let store = try StoreUnderTest(kind)
        try store.commit(
            ScopeCommit(
                entries: [
                    Entries.entry(1, alice, .category(.extraLarge, previous: nil)),
                    Entries.entry(2, alice, .legibilityWeight(.bold, previous: nil)),
                ],
                scopes: [
                    ScopeRecord(scope: alice, category: .extraLarge, legibilityWeight: .bold, categoryMark: 1, legibilityWeightMark: 2)
                ],
                sequence: 2))

        let cleared = ScopeRecord(scope: alice, category: nil, legibilityWeight: .bold, categoryMark: 3, legibilityWeightMark: 2)
        try store.commit(
            ScopeCommit(entries: [Entries.entry(3, alice, .category(nil, previous: .extraLarge))], scopes: [cleared], sequence: 3))
        var loaded = try store.load()
        #expect(loaded.scopes == [.initialRoot, cleared])
        #expect(loaded.history.last?.change == .category(nil, previous: .extraLarge))

        try store.commit(
            ScopeCommit(
                entries: [Entries.entry(4, alice, .legibilityWeight(nil, previous: .bold))],
                scopes: [ScopeRecord(scope: alice, categoryMark: 3, legibilityWeightMark: 4)], sequence: 4))
        loaded = try store.load()
        #expect(loaded.scopes == [.initialRoot])
        // The scope's history stays until the service drops it.
        #expect(loaded.history.map(\.position) == [1, 2, 3, 4])
        #expect(loaded.history.last?.change == .legibilityWeight(nil, previous: .bold))
        store.close()

        #expect(try store.scalar("SELECT COUNT(*) FROM scopes") == "0")
        #expect(try store.scalar("SELECT COUNT(*) FROM history WHERE position = 3 AND value IS NULL AND previous = 'xl'") == "1")
        #expect(try store.scalar("SELECT COUNT(*) FROM history WHERE position = 4 AND value IS NULL AND previous = 'bold'") == "1")
    }

    @Test(arguments: StoreKind.allCases) func textSpacingIsKeptForTheRootAndForAScopeThatSetsOnlyIt(kind: StoreKind) throws {
        let alice = try Entries.scope("alice")
        let root = ScopeRecord(scope: .root, category: .large, legibilityWeight: .regular, textSpacing: .wcag, textSpacingMark: 1)
        let aliceRecord = ScopeRecord(scope: alice, textSpacing: .default, textSpacingMark: 2)
        let entries = [
            Entries.entry(1, .textSpacing(.wcag, previous: .default)),
            Entries.entry(2, alice, .textSpacing(.default, previous: nil)),
        ]
        let store = try StoreUnderTest(kind)
        try store.commit(ScopeCommit(entries: [entries[0]], scopes: [root], sequence: 1))
        try store.commit(ScopeCommit(entries: [entries[1]], scopes: [aliceRecord], sequence: 2))
        let expected = StoredScopes(sequence: 2, position: 2, scopes: [root, aliceRecord], history: entries)
        #expect(try store.load() == expected)
        try store.reopen()
        #expect(try store.load() == expected)

        // Cleared, the scope has no value left and goes; its entry keeps NULL as the value.
        let clear = Entries.entry(3, alice, .textSpacing(nil, previous: .default))
        try store.commit(ScopeCommit(entries: [clear], scopes: [ScopeRecord(scope: alice, textSpacingMark: 3)], sequence: 3))
        #expect(try store.load().scopes == [root])
        #expect(try store.load().history.last == clear)
        // The root's text spacing cannot be cleared: it has nothing to inherit from.
        var cleared = root
        cleared.textSpacing = nil
        #expect(
            store.refusal(of: ScopeCommit(entries: [Entries.entry(4, .textSpacing(nil, previous: .wcag))], scopes: [cleared], sequence: 4))
                != nil)
        store.close()
        #expect(try store.scalar("SELECT text_spacing FROM preferences") == "wcag")
        #expect(try store.scalar("SELECT COUNT(*) FROM history WHERE kind = 'textSpacing'") == "3")
    }

    @Test(arguments: StoreKind.allCases) func aCommitThatDoesNotHoldTogetherWritesNothing(kind: StoreKind) throws {
        let alice = try Entries.scope("alice")
        let store = try StoreUnderTest(kind)
        let first = ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .regular, categoryMark: 1)
        try store.commit(ScopeCommit(entries: [Entries.entry(1, .category(.extraLarge, previous: .large))], scopes: [first], sequence: 1))
        let before = try store.load()

        // Each also writes a scope and drops entries, so a partial write would show.
        let aliceRecord = ScopeRecord(scope: alice, category: .small, categoryMark: 2)
        let drops = [ScopeCommit.Drop(scope: .root, throughPosition: 1, throughSequence: 1)]
        func attempt(_ entries: [ScopeHistoryEntry], root: ScopeRecord? = nil, sequence: Int) -> ScopeCommit {
            ScopeCommit(entries: entries, scopes: [aliceRecord] + (root.map { [$0] } ?? []), sequence: sequence, drops: drops)
        }
        let aliceEntry = { (position: Int, sequence: Int) in
            Entries.entry(position, sequence: sequence, alice, .category(.small, previous: nil))
        }
        var clearedRoot = first
        clearedRoot.legibilityWeight = nil

        let refused: [(ScopeCommit, Refusal)] = [
            (attempt([aliceEntry(3, 2)], sequence: 2), .positionOutOfOrder(expected: 2, got: 3)),
            (attempt([aliceEntry(1, 2)], sequence: 2), .positionOutOfOrder(expected: 2, got: 1)),
            (attempt([aliceEntry(2, 2), aliceEntry(4, 3)], sequence: 3), .positionOutOfOrder(expected: 3, got: 4)),
            (
                attempt([Entries.entry(2, sequence: 0, isEvent: false, alice, .category(.small, previous: nil))], sequence: 0),
                .sequenceBehind(stored: 1, got: 0)
            ),
            // Behind in both, as a replica that has not caught up is: the position is what it acts on.
            (
                attempt([Entries.entry(1, sequence: 0, isEvent: false, alice, .category(.small, previous: nil))], sequence: 0),
                .positionOutOfOrder(expected: 2, got: 1)
            ),
            (attempt([aliceEntry(2, 2)], root: clearedRoot, sequence: 2), .invalidCommit),
            (attempt([aliceEntry(2, 5)], sequence: 2), .invalidCommit),
        ]
        for (commit, expected) in refused {
            #expect(store.refusal(of: commit) == expected)
            #expect(try store.load() == before)
        }

        try store.commit(attempt([aliceEntry(2, 2)], sequence: 2))
        let loaded = try store.load()
        #expect(loaded.scopes == [first, aliceRecord])
        #expect(loaded.history == [aliceEntry(2, 2)])
        #expect((loaded.sequence, loaded.position) == (2, 2))
    }

    @Test(arguments: StoreKind.allCases) func dropsDeleteExactlyTheScopesEntriesThroughThePosition(kind: StoreKind) throws {
        let (alice, phone) = (try Entries.scope("alice"), try Entries.scope("alice/phone"))
        let entries = [
            Entries.entry(1, .category(.extraLarge, previous: .large)),
            Entries.entry(2, alice, .category(.small, previous: nil)),
            Entries.entry(3, alice, .legibilityWeight(.bold, previous: nil)),
            Entries.entry(4, .legibilityWeight(.bold, previous: .regular)),
            Entries.entry(5, alice, .category(.medium, previous: .small)),
            Entries.entry(6, phone, .category(.large, previous: nil)),
        ]
        let scopes = [
            ScopeRecord(scope: .root, category: .extraLarge, legibilityWeight: .bold, categoryMark: 1, legibilityWeightMark: 4),
            ScopeRecord(scope: alice, category: .medium, legibilityWeight: .bold, categoryMark: 5, legibilityWeightMark: 3),
            ScopeRecord(scope: phone, category: .large, categoryMark: 6, legibilityWeightMark: 3),
        ]
        let store = try StoreUnderTest(kind)
        try store.commit(ScopeCommit(entries: entries, scopes: scopes, sequence: 6))

        try store.commit(
            ScopeCommit(entries: [], scopes: [], sequence: 6, drops: [.init(scope: alice, throughPosition: 3, throughSequence: 3)]))
        var loaded = try store.load()
        #expect(loaded.history.map(\.position) == [1, 4, 5, 6])
        #expect(loaded.droppedThrough == [alice: 3])
        #expect(loaded.scopes == scopes)
        #expect((loaded.sequence, loaded.position) == (6, 6))

        try store.commit(
            ScopeCommit(
                entries: [], scopes: [], sequence: 6,
                drops: [
                    .init(scope: alice, throughPosition: 5, throughSequence: 5),
                    .init(scope: .root, throughPosition: 1, throughSequence: 1),
                ]))
        // A later drop naming an older sequence leaves the recorded one as it is.
        try store.commit(
            ScopeCommit(entries: [], scopes: [], sequence: 6, drops: [.init(scope: alice, throughPosition: 2, throughSequence: 2)]))
        let expected = StoredScopes(
            sequence: 6, position: 6, scopes: scopes, history: [entries[3], entries[5]], droppedThrough: [alice: 5, .root: 1])
        loaded = try store.load()
        #expect(loaded == expected)

        try store.reopen()
        #expect(try store.load() == expected)
    }
}
