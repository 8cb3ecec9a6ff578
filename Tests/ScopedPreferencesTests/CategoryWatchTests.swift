import Dispatch
import DynamicType
import Foundation
import Logging
import ScopedPreferences
import Synchronization
import Testing

/// `ScopeWatch` reports the effective category — clamped into the bounds of the scope and its
/// ancestors (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)) — so a bound set or
/// cleared re-applies a target while the reader's category stays.
@Suite struct CategoryWatchTests {
    /// Applies `values` to `scope` and waits for the change to be committed and reported.
    private func change(_ hub: ScopeHub, _ scope: String, _ values: [ReaderPreference: ScopeTree.Setting]) throws {
        var update = PerPreference<ScopeTree.Setting>(repeating: .keep)
        for (preference, value) in values { update[preference] = value }
        let done = DispatchSemaphore(value: 0)
        hub.change(scope.isEmpty ? .root : try PreferenceScope(parsing: scope), update) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 120) == .success)  // generous: it fails only if the watch never fires
    }

    @Test func aBoundSetAndClearedOnAnAncestorIsReportedAsAChangeOfCategory() throws {
        let hub = try ScopeHub(storage: nil, keepAliveSeconds: 15, logger: Logger(label: "test"))
        let reports = Mutex<[String]>([])
        let watch = ScopeWatch(scope: try PreferenceScope(parsing: "desktop/kde"), hub: hub) { change in
            guard change.movesCategory else { return }
            reports.withLock { $0.append("\(change.previousCategory.rawValue)→\(change.category.rawValue)") }
        }
        defer { watch.cancel() }

        try change(hub, "", [.category: .set("ax3")])
        try change(hub, "desktop", [.maximumCategory: .set("xxl")])
        #expect(watch.category == .extraExtraLarge)
        // Clamped both before and after: no change to report.
        try change(hub, "", [.category: .set("ax4")])
        try change(hub, "desktop/kde", [.maximumCategory: .set("xl")])
        try change(hub, "desktop/kde", [.maximumCategory: .clear])
        try change(hub, "desktop", [.maximumCategory: .clear])
        #expect(reports.withLock { $0 } == ["l→ax3", "ax3→xxl", "xxl→xl", "xl→xxl", "xxl→ax4"])
    }
}
