import DynamicType
import Testing

@testable import ScopedPreferences

/// The scope tree on its own (docs/DESIGN.md §10 (Reader preferences)): no queue, no lock, no
/// server — each change planned and applied by hand, each event read from a sink.
@Suite struct ScopeTreeTests {
    /// A subscriber that keeps what it is sent.
    final class RecordingSink: EventSink, @unchecked Sendable {
        var received: [UInt8] = []
        var text: String { String(decoding: received, as: UTF8.self) }
        func send(_ bytes: [UInt8]) -> Bool {
            received += bytes
            return true
        }
    }

    static let alice = try! PreferenceScope(parsing: "alice")
    static let phone = try! PreferenceScope(parsing: "alice/phone")

    /// `tree` after `scope` sets (or, with nil, clears) each of `values`, planned and applied.
    @discardableResult
    static func change(
        _ tree: inout ScopeTree, _ scope: PreferenceScope, _ values: [ReaderPreference: String?]
    ) throws -> ScopeTree.ChangeOutcome {
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        for (preference, value) in values { update[preference] = value.map { .set($0) } ?? .clear }
        let plan = try tree.plan(scope, update).get()
        return tree.apply(plan)
    }

    @Test func aScopeInheritsWhatItDoesNotSetAndSaysSo() throws {
        var tree = ScopeTree(stored: StoredScopes())
        try Self.change(&tree, Self.alice, [.category: "xl"])
        #expect(
            tree.preferences(of: Self.phone)
                == PerPreference<String>.initial.with(\.category, .extraLarge).with(\.legibilityWeight, .regular))
        let answer = tree.answer(for: Self.phone)
        #expect(answer.scope == "alice/phone" && answer.sequence == 1)
        #expect(answer.inherited == ["category", "legibilityWeight", "textSpacing"])
        #expect(tree.answer(for: .root).category == .large && tree.answer(for: .root).sequence == 0)
        #expect(tree.scopeCount == 1)
    }

    @Test func settingTheInheritedValueIsASilentEntryThatTakesNoId() throws {
        var tree = ScopeTree(stored: StoredScopes())
        let outcome = try Self.change(&tree, Self.alice, [.category: "l"])
        #expect(outcome.events.isEmpty)
        #expect(tree.sequence == 0 && tree.position == 1)
        // Pinned: a later root change no longer reaches it.
        try Self.change(&tree, .root, [.category: "xxl"])
        #expect(tree.preferences(of: Self.alice).category == .large)
        #expect(tree.preferences(of: Self.phone).category == .large)
    }

    @Test func aRootChangeReachesTheInheritingScopesSubscribersAndNoOther() throws {
        var tree = ScopeTree(stored: StoredScopes())
        try Self.change(&tree, Self.phone, [.legibilityWeight: "bold"])
        let (root, alice, phone) = (RecordingSink(), RecordingSink(), RecordingSink())
        tree.subscribe(root, to: .root, lastEventID: nil)
        tree.subscribe(alice, to: Self.alice, lastEventID: nil)
        tree.subscribe(phone, to: Self.phone, lastEventID: nil)
        for sink in [root, alice, phone] { sink.received = [] }
        try Self.change(&tree, .root, [.legibilityWeight: "bold"])
        #expect(
            root.text
                == "id: 2\nevent: legibilityWeightDidChange\ndata: {\"legibilityWeight\":\"bold\",\"previous\":\"regular\",\"sequence\":2}\n\n"
        )
        #expect(
            alice.text
                == "id: 2\nevent: legibilityWeightDidChange\ndata: {\"scope\":\"alice\",\"legibilityWeight\":\"bold\",\"previous\":\"regular\",\"sequence\":2}\n\n"
        )
        #expect(phone.text.isEmpty, "alice/phone has its own legibility weight: \(phone.text)")
        #expect(tree.subscriberCount == 3)
    }

    @Test func aSubscriberStartsWithASnapshotOrTheEventsItMissed() throws {
        var tree = ScopeTree(stored: StoredScopes())
        try Self.change(&tree, .root, [.category: "xl"])  // 1
        try Self.change(&tree, Self.alice, [.category: "s"])  // 2
        try Self.change(&tree, .root, [.textSpacing: "wcag"])  // 3
        let fresh = RecordingSink()
        let resumed = RecordingSink()
        let caughtUp = RecordingSink()
        tree.subscribe(fresh, to: Self.alice, lastEventID: nil)
        #expect(fresh.text.hasPrefix("retry: 2000\nid: 3\nevent: preferences\n"))
        tree.subscribe(resumed, to: Self.phone, lastEventID: "1")
        #expect(
            resumed.text == "retry: 2000\n"
                + "id: 2\nevent: contentSizeCategoryDidChange\ndata: {\"scope\":\"alice/phone\",\"category\":\"s\",\"previous\":\"xl\",\"sequence\":2}\n\n"
                + "id: 3\nevent: textSpacingDidChange\ndata: {\"scope\":\"alice/phone\",\"textSpacing\":\"wcag\",\"previous\":\"default\",\"sequence\":3}\n\n"
        )
        // Nothing missed: no event yet, and `retry:` rides in the first one.
        tree.subscribe(caughtUp, to: .root, lastEventID: "3")
        #expect(caughtUp.received.isEmpty)
        try Self.change(&tree, .root, [.category: "m"])
        #expect(caughtUp.text.hasPrefix("retry: 2000\nid: 4\n"))
        // An id from the future cannot be told: a snapshot.
        #expect(tree.replay(of: .root, after: 99) == nil)
    }

    @Test func historyPastTheRetentionIsDroppedAndItsIdsNoLongerReplay() throws {
        var tree = ScopeTree(stored: StoredScopes(), retention: Retention(window: 4, perScope: 2))
        for index in 0..<10 { try Self.change(&tree, .root, [.category: index % 2 == 0 ? "xl" : "s"]) }
        #expect(tree.keptEntryCount <= 8)
        #expect(tree.replay(of: .root, after: 1) == nil)
        #expect(tree.replay(of: .root, after: 9)?.isEmpty == false)
        #expect(!tree.pendingDrops.isEmpty)
    }

    @Test func aScopeWhoseEveryValueIsClearedIsRemoved() throws {
        var tree = ScopeTree(stored: StoredScopes())
        try Self.change(&tree, Self.phone, [.category: "xxl", .legibilityWeight: "bold"])
        #expect(tree.scopeCount == 1)
        try Self.change(&tree, Self.phone, [.category: nil, .legibilityWeight: nil])
        #expect(tree.scopeCount == 0)
        #expect(tree.record(of: Self.phone).isEmpty)
    }

    @Test func theScopeLimitsRefuseANewScope() throws {
        var tree = ScopeTree(stored: StoredScopes(), limits: ScopeLimits(maximumScopes: 5, maximumScopesPerReader: 1))
        try Self.change(&tree, Self.alice, [.category: "xl"])
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        update[.category] = .set("s")
        guard case .failure(.readerScopeLimit(let reader, let limit)) = tree.plan(Self.phone, update) else {
            Issue.record("expected the per-reader limit")
            return
        }
        #expect(reader == "alice" && limit == 1)
    }

    @Test func anotherReplicasEntryIsAppliedOnlyWhenItIsTheNextOne() throws {
        var source = ScopeTree(stored: StoredScopes())
        let outcome = try Self.change(&source, Self.alice, [.category: "xl"])
        var replica = ScopeTree(stored: StoredScopes())
        let sink = RecordingSink()
        replica.subscribe(sink, to: Self.alice, lastEventID: "0")
        var gap = outcome.events[0]
        gap.position = 5
        let appliedGap = replica.applyCommitted(gap)
        #expect(!appliedGap)
        let appliedNext = replica.applyCommitted(outcome.events[0])
        #expect(appliedNext)
        #expect(replica.preferences(of: Self.alice).category == .extraLarge)
        #expect(sink.text.contains("\"category\":\"xl\",\"previous\":\"l\",\"sequence\":1"))
    }
}
