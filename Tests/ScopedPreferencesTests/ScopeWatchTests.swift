import Dispatch
import DynamicType
import Logging
import ScopedPreferences
import Synchronization
import Testing

/// `ScopeWatch`: one watch of a scope that reports every change of its effective preferences once,
/// with the values before and after, telling its own `set` from every other change.
@Suite struct ScopeWatchTests {
    static let phone = try! PreferenceScope(parsing: "alice/phone")

    /// A hub keeping everything in memory.
    static func hub() throws -> ScopeHub {
        try ScopeHub(storage: nil, keepAliveSeconds: 3600, logger: Logger(label: "ScopeWatchTests"))
    }

    /// Changes `scope` by `values` through the hub and waits until it is committed and reported:
    /// the hub reports to its watches before the change completes.
    static func change(_ hub: ScopeHub, _ scope: PreferenceScope, _ values: [ReaderPreference: ScopeTree.Setting]) {
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        for (preference, value) in values { update[preference] = value }
        let done = DispatchSemaphore(value: 0)
        hub.change(scope, update) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 120) == .success)  // generous: it fails only if the change never completes
    }

    @Test func aChangeThroughTheHubIsReportedOnceWithTheValuesBeforeAndAfter() throws {
        let hub = try Self.hub()
        let reports = Mutex<[ScopeWatch.Change]>([])
        let watch = ScopeWatch(scope: Self.phone, hub: hub) { change in reports.withLock { $0.append(change) } }
        defer { watch.cancel() }

        Self.change(hub, .root, [.legibilityWeight: .set("bold")])
        // Another scope's change does not reach the phone: nothing to report.
        Self.change(hub, try PreferenceScope(parsing: "bob"), [.category: .set("xs")])
        Self.change(hub, try PreferenceScope(parsing: "alice"), [.category: .set("xxl"), .textSpacing: .set("wcag")])

        let heard = reports.withLock { $0 }
        try #require(heard.count == 2)
        #expect(heard[0].previous == .initial)
        #expect(heard[0].preferences == PerPreference<String>.initial.with(\.legibilityWeight, .bold))
        #expect(heard[0].answer.scope == Self.phone.path)
        #expect(!heard[0].movesCategory)
        #expect(!heard[0].isOwn)
        #expect(heard[1].previous == heard[0].preferences)
        #expect(heard[1].preferences == heard[0].preferences.with(\.category, .extraExtraLarge).with(\.textSpacing, .wcag))
        #expect(heard[1].previousCategory == .large)
        #expect(heard[1].category == .extraExtraLarge)
        #expect(heard[1].movesCategory)
        #expect(watch.category == .extraExtraLarge)
    }

    @Test func theWatchsOwnSetIsOwnToItAndNotToAnotherWatch() throws {
        let hub = try Self.hub()
        let mine = Mutex<[ScopeWatch.Change]>([])
        let theirs = Mutex<[ScopeWatch.Change]>([])
        let watch = ScopeWatch(scope: Self.phone, hub: hub) { change in mine.withLock { $0.append(change) } }
        let other = ScopeWatch(scope: Self.phone, hub: hub) { change in theirs.withLock { $0.append(change) } }
        defer {
            watch.cancel()
            other.cancel()
        }

        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<ContentSizeCategory, ScopeWatch.SetFailure>?>(nil)
        watch.set(.accessibilityMedium) { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)  // generous: it fails only if the change never completes
        #expect(try result.withLock { try $0?.get() } == .accessibilityMedium)
        Self.change(hub, .root, [.category: .set("s")])

        let heardByMine = mine.withLock { $0 }
        let heardByTheirs = theirs.withLock { $0 }
        try #require(heardByMine.count == 1)
        #expect(heardByMine[0].isOwn)
        #expect(heardByMine[0].previousCategory == .large)
        #expect(heardByMine[0].category == .accessibilityMedium)
        // The root's change is overridden by the phone's own category: no change of the phone.
        #expect(heardByTheirs.map(\.isOwn) == [false])
        #expect(heardByTheirs.map(\.answer) == heardByMine.map(\.answer))
    }
}
