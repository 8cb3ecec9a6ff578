import Dispatch
import DynamicType
import Logging
import Synchronization
import Testing

@testable import ScopedPreferences

/// The reader API on its own (docs/DESIGN.md §38 (One domain in the middle)): no server, no socket,
/// no file — a hub over an in-memory store, the installed families a list. Each rule a change
/// passes (values, the reading font, inheritance, bounds and clamps, the write quota, the store's
/// failures, replay) is checked where it lives.
@Suite struct ReaderAPITests {
    /// The families the tests' "fontconfig" knows.
    static let families = ["OpenDyslexic", "Atkinson Hyperlegible", "DejaVu Sans", "DejaVu Serif"]

    static let alice = try! PreferenceScope(parsing: "alice")
    static let phone = try! PreferenceScope(parsing: "alice/phone")
    static let bob = try! PreferenceScope(parsing: "bob")

    /// A reader API over a fresh hub and `storage`.
    static func api(
        _ storage: MemoryStorage = MemoryStorage(), writesPerSecond: Double? = nil, limits: ScopeLimits = ScopeLimits()
    ) throws -> ReaderAPI {
        let hub = try ScopeHub(storage: storage, limits: limits, keepAliveSeconds: 3600, logger: Logger(label: "ReaderAPITests"))
        return ReaderAPI(hub: hub, maximumWritesPerSecond: writesPerSecond) { name throws(DynamicTypeError) in
            let folded = NearestNames.folded(name)
            if let family = families.first(where: { NearestNames.folded($0) == folded }) { return family }
            throw .unknownFamily(name, allowed: NearestNames.closest(to: name, among: families))
        }
    }

    /// `values` (nil: clear) as a change's settings.
    static func settings(_ values: [ReaderPreference: String?]) -> PerPreference<ScopeTree.Setting> {
        var settings = PerPreference<ScopeTree.Setting>(repeating: .keep)
        for (preference, value) in values { settings[preference] = value.map { .set($0) } ?? .clear }
        return settings
    }

    /// The outcome of changing `scope` by `values` through `api`, once the hub reports it; a
    /// refusal, whether thrown at once or reported after the store, is thrown.
    @discardableResult
    static func change(
        _ api: ReaderAPI, _ scope: PreferenceScope, _ values: [ReaderPreference: String?], byOperator: Bool = false
    ) throws(ReaderError) -> ScopeTree.ChangeOutcome {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<ScopeTree.ChangeOutcome, ReaderError>?>(nil)
        try api.change(scope, settings(values), byOperator: byOperator) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        // Generous: the change is on the hub's queue, which nothing else holds.
        guard done.wait(timeout: .now() + 120) == .success, let outcome = result.withLock({ $0 }) else {
            throw .notSaved("the hub never answered")
        }
        return try outcome.get()
    }

    /// The refusal of changing `scope` by `values`, or nil when the change was made.
    static func refusal(
        _ api: ReaderAPI, _ scope: PreferenceScope, _ values: [ReaderPreference: String?], byOperator: Bool = false
    ) -> ReaderError? {
        do throws(ReaderError) {
            try change(api, scope, values, byOperator: byOperator)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading

    @Test func theRootStartsWithTheInitialPreferences() throws {
        let api = try Self.api()
        let root = api.preferences(of: .root)
        #expect(root.category == .large && root.legibilityWeight == .regular && root.sequence == 0)
        #expect(PerPreference(root) == .initial)
        #expect(root.scope == nil && root.inherited == nil)
    }

    @Test func aScopeNobodySetInheritsEverythingFromTheRoot() throws {
        let api = try Self.api()
        let answer = api.preferences(of: Self.phone)
        #expect(answer.scope == "alice/phone")
        #expect(answer.inherited == ["category", "legibilityWeight", "textSpacing"], "\(answer.inherited ?? [])")
        #expect(PerPreference(answer) == .initial)
    }

    // MARK: Values

    @Test(arguments: [
        (ReaderPreference.category, "xl", "xl"), (.category, "extraLarge", "xl"), (.category, "AX3", "ax3"),
        (.category, "accessibilityExtraExtraExtraLarge", "ax5"), (.legibilityWeight, "bold", "bold"), (.legibilityWeight, "BOLD", "bold"),
        (.textSpacing, "wcag", "wcag"), (.minimumCategory, "s", "s"), (.maximumCategory, "ax1", "ax1"),
        (.readingFont, "opendyslexic", "OpenDyslexic"), (.readingFont, "atkinson hyperlegible", "Atkinson Hyperlegible"),
        (.readingFont, "DejaVuSerif", "DejaVu Serif"),
    ])
    func aValueIsKeptInItsCanonicalSpelling(preference: ReaderPreference, text: String, kept: String) throws {
        let api = try Self.api()
        let outcome = try Self.change(api, .root, [preference: text])
        #expect(PerPreference(outcome.after)[preference] == kept)
        #expect(PerPreference(api.preferences(of: .root))[preference] == kept)
        #expect(api.hub.current[preference] == kept)
    }

    @Test(arguments: [
        (ReaderPreference.category, "huge"), (.category, ""), (.legibilityWeight, "heavy"), (.textSpacing, "loose"),
        (.minimumCategory, "tiny"), (.maximumCategory, "giant"),
    ])
    func aValueThePreferenceDoesNotTakeIsRefusedAndNothingIsStored(preference: ReaderPreference, text: String) throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        let refusal = Self.refusal(api, .root, [preference: text])
        guard case .invalidValue(let error)? = refusal else {
            Issue.record("expected invalidValue, got \(String(describing: refusal))")
            return
        }
        #expect(error.description.contains("'\(text)'"), "\(error)")
        #expect(storage.commits.isEmpty)
        #expect(api.preferences(of: .root).sequence == 0)
    }

    @Test(arguments: ["Comic Sans", "opendislexic", "Dejavu Sanz"])
    func aReadingFontThatIsNoInstalledFamilyIsRefusedWithTheNearest(name: String) throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        let refusal = Self.refusal(api, Self.alice, [.readingFont: name])
        guard case .unknownFamily(let asked, let suggestions)? = refusal else {
            Issue.record("expected unknownFamily, got \(String(describing: refusal))")
            return
        }
        #expect(asked == name)
        #expect(!suggestions.isEmpty && suggestions.allSatisfy(Self.families.contains), "\(suggestions)")
        #expect(storage.commits.isEmpty)
    }

    @Test func theNearestFamilyComesFirstAmongTheSuggestions() throws {
        let api = try Self.api()
        let refusal = Self.refusal(api, .root, [.readingFont: "opendislexic"])
        guard case .unknownFamily(_, let suggestions)? = refusal else { return #expect(Bool(false), "\(String(describing: refusal))") }
        #expect(suggestions.first == "OpenDyslexic")
    }

    @Test func clearingTheRootsReadingFontMakesItNone() throws {
        let api = try Self.api()
        try Self.change(api, .root, [.readingFont: "OpenDyslexic"])
        let outcome = try Self.change(api, .root, [.readingFont: nil])
        #expect(PerPreference(outcome.after).readingFont == .none)
        #expect(api.hub.current.readingFont == .none)
    }

    @Test(arguments: [ReaderPreference.category, .legibilityWeight, .textSpacing])
    func theRootCannotClearAPreferenceItMustHave(preference: ReaderPreference) throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        #expect(Self.refusal(api, .root, [preference: nil]) == .rootInheritsNothing(preference))
        #expect(storage.commits.isEmpty)
    }

    @Test(arguments: [ReaderPreference.category, .legibilityWeight, .textSpacing])
    func clearOfPreferencesNamesThemAll(preference: ReaderPreference) throws {
        let api = try Self.api()
        let value = preference == .category ? "xxl" : preference == .legibilityWeight ? "bold" : "wcag"
        try Self.change(api, Self.alice, [preference: value])
        let done = DispatchSemaphore(value: 0)
        let after = Mutex<Preferences?>(nil)
        try api.clear([preference], of: Self.alice, byOperator: false) { result in
            after.withLock { $0 = try? result.get().after }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        let inherited = try #require(after.withLock { $0 })
        #expect(PerPreference(inherited)[preference] == preference.declaration.initialValue)
        #expect(inherited.inherited?.contains(preference.wireName) == true)
    }

    @Test(arguments: [ReaderPreference.minimumCategory, .maximumCategory])
    func clearingARootBoundMakesItNone(preference: ReaderPreference) throws {
        let api = try Self.api()
        try Self.change(api, .root, [preference: preference == .minimumCategory ? "s" : "xxl"])
        let outcome = try Self.change(api, .root, [preference: nil])
        #expect(PerPreference(outcome.after)[preference] == "")
        #expect(outcome.after.minimumCategory == nil && outcome.after.maximumCategory == nil)
    }

    // MARK: Inheritance

    @Test(arguments: [
        (ReaderPreference.category, "xxl"), (.legibilityWeight, "bold"), (.textSpacing, "wcag"), (.readingFont, "DejaVu Sans"),
    ])
    func aScopeInheritsWhatTheRootSets(preference: ReaderPreference, value: String) throws {
        let api = try Self.api()
        try Self.change(api, .root, [preference: value])
        #expect(PerPreference(api.preferences(of: Self.phone))[preference] == value)
        #expect(api.preferences(of: Self.phone).inherited?.contains(preference.wireName) == true)
    }

    @Test func aScopesOwnValueWinsOverItsAncestorsAndItsChildrenInheritIt() throws {
        let api = try Self.api()
        try Self.change(api, .root, [.category: "s"])
        try Self.change(api, Self.alice, [.category: "ax2"])
        #expect(api.preferences(of: Self.alice).category == .accessibilityLarge)
        #expect(api.preferences(of: Self.phone).category == .accessibilityLarge)
        #expect(api.preferences(of: Self.bob).category == .small)
        #expect(api.preferences(of: .root).category == .small)
    }

    @Test func clearingAScopesValueMakesItInheritAgain() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.legibilityWeight: "bold"])
        try Self.change(api, .root, [.legibilityWeight: "regular"])
        let outcome = try Self.change(api, Self.alice, [.legibilityWeight: nil])
        #expect(outcome.before.legibilityWeight == .bold && outcome.after.legibilityWeight == .regular)
        #expect(api.preferences(of: Self.phone).legibilityWeight == .regular)
    }

    @Test func theNearestAncestorWithAValueIsTheOneInherited() throws {
        let api = try Self.api()
        try Self.change(api, .root, [.textSpacing: "default"])
        try Self.change(api, Self.alice, [.textSpacing: "wcag"])
        #expect(api.preferences(of: Self.phone).textSpacing == .wcag)
        try Self.change(api, Self.phone, [.textSpacing: "default"])
        #expect(api.preferences(of: Self.phone).textSpacing == .default)
        #expect(api.preferences(of: Self.alice).textSpacing == .wcag)
    }

    @Test func aRootChangeDoesNotReachAScopeThatSetsItsOwn() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.category: "m"])
        try Self.change(api, .root, [.category: "ax4"])
        #expect(api.preferences(of: Self.alice).category == .medium)
        #expect(api.preferences(of: Self.bob).category == .accessibilityExtraExtraLarge)
    }

    // MARK: Bounds and clamps

    @Test(arguments: [
        (ReaderPreference.minimumCategory, "xs", "m", "xl"), (.minimumCategory, "s", "m", "ax1"), (.maximumCategory, "xxxl", "m", "xl"),
        (.maximumCategory, "ax5", "s", "ax1"),
    ])
    func aScopesBoundMayNotWidenTheRoots(preference: ReaderPreference, value: String, rootMinimum: String, rootMaximum: String)
        throws
    {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        try Self.change(api, .root, [.minimumCategory: rootMinimum, .maximumCategory: rootMaximum])
        let commits = storage.commits.count
        let refusal = Self.refusal(api, Self.alice, [preference: value])
        guard case .outOfBounds(let setting, let bound, let reason)? = refusal else {
            Issue.record("expected outOfBounds, got \(String(describing: refusal))")
            return
        }
        #expect(setting == "\(preference.wireName) \(value)")
        #expect(bound.hasSuffix("of the root scope"), "\(bound)")
        #expect(reason.contains("\(rootMinimum) to \(rootMaximum)"), "\(reason)")
        #expect(storage.commits.count == commits)
    }

    @Test(arguments: [
        (ReaderPreference.minimumCategory, "l"), (.minimumCategory, "xl"), (.maximumCategory, "xxl"), (.maximumCategory, "m"),
    ])
    func aScopesBoundMayNarrowTheRoots(preference: ReaderPreference, value: String) throws {
        let api = try Self.api()
        try Self.change(api, .root, [.minimumCategory: "m", .maximumCategory: "xxxl"])
        let outcome = try Self.change(api, Self.alice, [preference: value])
        #expect(PerPreference(outcome.after)[preference] == value)
    }

    @Test func aBoundBelowAnotherScopesIsNamedByThatScope() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.maximumCategory: "xl"])
        let refusal = Self.refusal(api, Self.phone, [.maximumCategory: "ax1"])
        guard case .outOfBounds(_, let bound, _)? = refusal else { return #expect(Bool(false), "\(String(describing: refusal))") }
        #expect(bound == "maximumCategory xl of scope alice")
    }

    @Test(arguments: [("xl", "m"), ("ax1", "xxl"), ("l", "s")])
    func aMinimumAboveTheMaximumIsRefused(minimum: String, maximum: String) throws {
        let api = try Self.api()
        let refusal = Self.refusal(api, .root, [.minimumCategory: minimum, .maximumCategory: maximum])
        guard case .outOfBounds(let setting, let bound, let reason)? = refusal else {
            Issue.record("expected outOfBounds, got \(String(describing: refusal))")
            return
        }
        #expect(setting == "minimumCategory \(minimum)" && bound == "maximumCategory \(maximum)")
        #expect(reason.contains("the root scope's minimum would be above its maximum"))
    }

    @Test func aMinimumAboveAnExistingMaximumIsRefusedToo() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.maximumCategory: "l"])
        #expect(Self.refusal(api, Self.alice, [.minimumCategory: "xl"])?.kind == "outOfBounds")
        #expect(Self.refusal(api, Self.alice, [.minimumCategory: "m"]) == nil)
    }

    @Test(
        arguments: [
            ("xs", "m", nil, ContentSizeCategory.medium), ("ax5", nil, "xl", .extraLarge), ("l", "s", "xxl", .large),
            ("xs", "s", "s", .small), ("ax3", "l", "ax2", .accessibilityLarge),
        ] as [(String, String?, String?, ContentSizeCategory)])
    func theCategoryAnswersCarryIsClampedIntoTheBounds(category: String, minimum: String?, maximum: String?, clamped: ContentSizeCategory)
        throws
    {
        let api = try Self.api()
        var values: [ReaderPreference: String?] = [.category: category]
        if let minimum { values[.minimumCategory] = minimum }
        if let maximum { values[.maximumCategory] = maximum }
        try Self.change(api, .root, values)
        #expect(api.preferences(of: .root).category == clamped)
        #expect(api.preferences(of: Self.phone).category == clamped)
    }

    @Test func anAncestorsBoundClampsAScopesOwnCategory() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.category: "ax5"])
        try Self.change(api, .root, [.maximumCategory: "xxl"])
        #expect(api.preferences(of: Self.alice).category == .extraExtraLarge)
    }

    // MARK: The write quota

    @Test func aReaderPastTheQuotaIsToldWhenToTryAgain() throws {
        let api = try Self.api(writesPerSecond: 2)
        try Self.change(api, Self.alice, [.category: "xl"])
        try Self.change(api, Self.phone, [.category: "xxl"])
        let refusal = Self.refusal(api, Self.alice, [.category: "m"])
        guard case .tooManyWrites(let seconds, let reader, let perSecond)? = refusal else {
            Issue.record("expected tooManyWrites, got \(String(describing: refusal))")
            return
        }
        #expect(seconds >= 1 && reader == "alice" && perSecond == 2)
        #expect(api.preferences(of: Self.alice).category == .extraLarge)
    }

    @Test func eachReaderHasAnAllowanceOfTheirOwn() throws {
        let api = try Self.api(writesPerSecond: 1)
        try Self.change(api, Self.alice, [.category: "xl"])
        #expect(Self.refusal(api, Self.alice, [.category: "m"])?.kind == "tooManyWrites")
        #expect(Self.refusal(api, Self.bob, [.category: "m"]) == nil)
    }

    @Test func theRootCountsAsAReaderOfItsOwn() throws {
        let api = try Self.api(writesPerSecond: 1)
        try Self.change(api, .root, [.category: "xl"])
        guard case .tooManyWrites(_, let reader, _)? = Self.refusal(api, .root, [.category: "m"]) else {
            return #expect(Bool(false), "the root's second change passed")
        }
        #expect(reader == nil)
        #expect(Self.refusal(api, Self.alice, [.category: "m"]) == nil)
    }

    @Test func theOperatorIsNotHeldToTheQuota() throws {
        let api = try Self.api(writesPerSecond: 1)
        for category in ["xl", "m", "ax1", "s"] {
            #expect(Self.refusal(api, Self.alice, [.category: category], byOperator: true) == nil)
        }
        #expect(api.preferences(of: Self.alice).category == .small)
    }

    @Test func withoutALimitEveryChangePasses() throws {
        let api = try Self.api()
        for index in 0..<20 { try Self.change(api, Self.alice, [.category: index % 2 == 0 ? "xl" : "m"]) }
        #expect(api.preferences(of: Self.alice).sequence == 20)
    }

    @Test func aRefusedValueSpendsNoneOfTheAllowance() throws {
        let api = try Self.api(writesPerSecond: 1)
        #expect(Self.refusal(api, Self.alice, [.category: "huge"])?.kind == "invalidValue")
        #expect(Self.refusal(api, Self.alice, [.category: "xl"]) == nil)
    }

    @Test func theQuotaRefillsAtItsRate() {
        let quota = WriteQuota(perSecond: 2)
        let start = ContinuousClock.now
        #expect(quota.admit("alice", now: start) == nil && quota.admit("alice", now: start) == nil)
        #expect(quota.admit("alice", now: start) == 1)
        #expect(quota.admit("alice", now: start + .milliseconds(500)) == nil)
        #expect(quota.admit("alice", now: start + .milliseconds(500)) == 1)
    }

    // MARK: Scope limits

    @Test func aNewScopePastTheLimitIsRefused() throws {
        let api = try Self.api(limits: ScopeLimits(maximumScopes: 1, maximumScopesPerReader: 64))
        try Self.change(api, Self.alice, [.category: "xl"])
        guard case .scopeLimit(let refusal)? = Self.refusal(api, Self.bob, [.category: "xl"]) else {
            return #expect(Bool(false), "bob's scope was made")
        }
        #expect(refusal.isScopeLimit)
        #expect(Self.refusal(api, Self.alice, [.category: "m"]) == nil, "a scope that has values takes changes")
    }

    @Test func aReaderPastTheirScopesIsRefused() throws {
        let api = try Self.api(limits: ScopeLimits(maximumScopes: 100, maximumScopesPerReader: 1))
        try Self.change(api, Self.alice, [.category: "xl"])
        #expect(Self.refusal(api, Self.phone, [.category: "xl"])?.kind == "scopeLimit")
        #expect(Self.refusal(api, Self.bob, [.category: "xl"]) == nil)
    }

    // MARK: The store

    @Test func aStoreThatCannotBeReachedRefusesAndNothingChanges() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        storage.fail(with: PreferenceStorageFailure.unavailable("connection refused"))
        #expect(Self.refusal(api, .root, [.category: "xl"]) == .storeUnavailable("connection refused"))
        #expect(api.preferences(of: .root).category == .large)
        #expect(api.hub.unreachableReason == "connection refused")
    }

    @Test func aStoreThatTakesNoChangeForNowRefusesIt() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        storage.fail(with: PreferenceStorageFailure.refusing("the disk holding x is full"))
        #expect(Self.refusal(api, Self.alice, [.category: "xl"]) == .storeRefusing("the disk holding x is full"))
        #expect(api.preferences(of: Self.alice).category == .large)
    }

    @Test func aStoreThatFailsOtherwiseLeavesTheChangeUnsaid() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        storage.fail(with: MemoryStorage.Broken())
        #expect(Self.refusal(api, Self.alice, [.legibilityWeight: "bold"]) == .notSaved("the medium is broken"))
        #expect(api.preferences(of: Self.alice).legibilityWeight == .regular)
        #expect(api.preferences(of: Self.alice).sequence == 0)
    }

    @Test func changesAreTakenAgainOnceTheStoreIsBack() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        storage.fail(with: PreferenceStorageFailure.refusing("full"))
        #expect(Self.refusal(api, .root, [.category: "xl"]) != nil)
        storage.fail(with: nil)
        let outcome = try Self.change(api, .root, [.category: "xl"])
        #expect(outcome.after.category == .extraLarge && outcome.after.sequence == 1)
        #expect(api.hub.unreachableReason == nil)
    }

    @Test func aChangeIsStoredBeforeItIsReportedAndReadBackByANewHub() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        try Self.change(api, Self.alice, [.category: "ax1", .readingFont: "opendyslexic"])
        #expect(storage.commits.count == 1)
        let again = try Self.api(MemoryStorage(storage.stored))
        #expect(again.preferences(of: Self.alice).category == .accessibilityMedium)
        #expect(again.preferences(of: Self.alice).readingFont == "OpenDyslexic")
        #expect(again.preferences(of: Self.alice).sequence == api.preferences(of: Self.alice).sequence)
    }

    @Test func aChangeThatChangesNothingTakesNoId() throws {
        let storage = MemoryStorage()
        let api = try Self.api(storage)
        try Self.change(api, .root, [.category: "xl"])
        let outcome = try Self.change(api, .root, [.category: "xl"])
        #expect(outcome.events.isEmpty && outcome.after.sequence == 1)
    }

    @Test func theOutcomeTellsBeforeAndAfter() throws {
        let api = try Self.api()
        try Self.change(api, Self.alice, [.category: "s"])
        let outcome = try Self.change(api, Self.alice, [.category: "ax1", .textSpacing: "wcag"])
        #expect(outcome.before.category == .small && outcome.after.category == .accessibilityMedium)
        #expect(outcome.before.textSpacing == .default && outcome.after.textSpacing == .wcag)
        #expect(outcome.events.count == 2 && outcome.after.sequence == 3)
    }

    // MARK: Subscribers and replay

    /// A subscriber that keeps what it is sent.
    final class RecordingSink: EventSink, Sendable {
        private let received = Mutex<[UInt8]>([])
        var text: String { String(decoding: received.withLock { $0 }, as: UTF8.self) }
        func send(_ bytes: [UInt8]) -> Bool {
            received.withLock { $0 += bytes }
            return true
        }
    }

    @Test func aSubscriberWithoutAnIdStartsFromASnapshot() throws {
        let api = try Self.api()
        try Self.change(api, .root, [.category: "xl"])
        let sink = RecordingSink()
        api.subscribe(sink, to: .root, lastEventID: nil)
        #expect(sink.text.contains("event: preferences"), "\(sink.text)")
        #expect(sink.text.contains("\"xl\""))
        #expect(!sink.text.contains("id: 1\nevent: contentSizeCategoryDidChange"))
    }

    @Test func aSubscriberResumingFromAnIdGetsTheChangesAfterIt() throws {
        let api = try Self.api()
        for category in ["xl", "xxl", "ax1"] { try Self.change(api, .root, [.category: category]) }
        let sink = RecordingSink()
        api.subscribe(sink, to: .root, lastEventID: "1")
        #expect(!sink.text.contains("id: 1\n"), "\(sink.text)")
        #expect(sink.text.contains("id: 2\n") && sink.text.contains("id: 3\n"), "\(sink.text)")
        #expect(!sink.text.contains("event: preferences"))
    }

    @Test func aSubscriberOfAScopeHearsTheRootsChangesItInherits() throws {
        let api = try Self.api()
        try Self.change(api, Self.bob, [.category: "s"])
        let (alice, bob) = (RecordingSink(), RecordingSink())
        api.subscribe(alice, to: Self.alice, lastEventID: "1")
        api.subscribe(bob, to: Self.bob, lastEventID: "1")
        try Self.change(api, .root, [.category: "ax2"])
        #expect(alice.text.contains("id: 2\n") && alice.text.contains("ax2"), "\(alice.text)")
        #expect(!bob.text.contains("id: 2\n"), "\(bob.text)")
    }

    @Test func anUnsubscribedSinkHearsNothingMore() throws {
        let api = try Self.api()
        let sink = RecordingSink()
        api.subscribe(sink, to: .root, lastEventID: "0")
        try Self.change(api, .root, [.category: "xl"])
        api.unsubscribe(sink, from: .root)
        try Self.change(api, .root, [.category: "m"])
        #expect(sink.text.contains("id: 1\n") && !sink.text.contains("id: 2\n"), "\(sink.text)")
        #expect(api.hub.subscriberCount == 0)
    }

    @Test func aResumeFromAnIdLongGoneStartsFromASnapshot() throws {
        let api = try Self.api()
        try Self.change(api, .root, [.category: "xl"])
        let sink = RecordingSink()
        api.subscribe(sink, to: .root, lastEventID: "999")
        #expect(sink.text.contains("event: preferences"), "\(sink.text)")
    }

    // MARK: The error

    static let everyError: [ReaderError] = [
        .invalidValue(.unknownCategory("huge", allowed: ["xs", "l"])), .unknownFamily("Comic", suggestions: ["DejaVu Sans"]),
        .rootInheritsNothing(.category),
        .outOfBounds(setting: "minimumCategory xs", bound: "minimumCategory m of the root scope", reason: "r"),
        .scopeLimit(.scopeLimit(3)), .tooManyWrites(retryAfterSeconds: 2, reader: "alice", perSecond: 5),
        .storeUnavailable("connection refused"), .storeRefusing("the disk is full"), .notSaved("I/O error"),
    ]

    @Test(arguments: everyError)
    func theErrorIsSaidInTheDomainsWordsWithNoTransports(error: ReaderError) {
        let sentence = error.description
        #expect(!sentence.isEmpty && sentence.last == ".", "\(sentence)")
        for word in ["HTTP", "PUT", "request body", "status", "null", "D-Bus", "409", "503"] {
            #expect(!sentence.contains(word), "\(error.kind): \(sentence)")
        }
    }

    @Test func theErrorsKindsAreDistinct() {
        #expect(Set(Self.everyError.map(\.kind)).count == Self.everyError.count)
    }

    @Test func theStoresRefusalsBecomeTheReadersErrors() {
        #expect(ReaderError(ChangeRefusal.unavailable("x")) == .storeUnavailable("x"))
        #expect(ReaderError(ChangeRefusal.refused("y")) == .storeRefusing("y"))
        #expect(ReaderError(ChangeRefusal.readerScopeLimit(reader: "a", limit: 2)).kind == "scopeLimit")
        #expect(ReaderError(ChangeRefusal.sequenceExhausted(5)).kind == "notSaved")
    }
}
