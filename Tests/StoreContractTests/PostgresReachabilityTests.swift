import DynamicType
import FontdTestSupport
import Foundation
import Logging
import PostgresStore
import PostgresTestSupport
import ServerTestSupport
import Synchronization
import Testing

/// `PostgresPreferenceStore.watchReachability(_:)` (docs/DESIGN.md §24 (Replicas on PostgreSQL)):
/// the listening connections find a database that stops, or goes silent, and its return, each once.
/// The probe's own bound is read from the store's report, not from the test's clock.
@Suite(.serialized, .ownThread) struct PostgresReachabilityTests {
    static let logger = Logger(label: "fontd.test.reachability")

    @Test func aStoppedServerIsHeardAndItsReturnOnceEach() throws {
        let cluster = try PostgresCluster()
        let store = try PostgresPreferenceStore.open(
            url: cluster.url(database: try cluster.createDatabase()), timeoutSeconds: 5, logger: Self.logger)
        defer { store.close() }
        let heard = HeardReachability()
        store.watchReachability { heard.append($0) }
        let positions = Heard()
        store.listen { positions.append($0) }
        store.listen(notices: { _ in })  // the second listener the service keeps, for revocations
        try positions.wait(for: "the listener's first position") { !$0.isEmpty }
        #expect(heard.changes.isEmpty, "nothing to tell while the database is up")

        try cluster.stop(mode: .immediate)
        try heard.wait(for: "the stop to be heard") { $0.count == 1 }
        let reason = try #require(heard.changes.first ?? nil)
        #expect(reason.contains("127.0.0.1:\(cluster.port)") && !reason.contains(cluster.password), "\(reason)")
        // Another watcher is told at once that it is away.
        let late = HeardReachability()
        store.watchReachability { late.append($0) }
        #expect(late.changes == [reason])

        try cluster.start()
        try heard.wait(for: "the return to be heard") { $0.count == 2 }
        #expect(heard.changes.last == .some(nil))
        // Listening again: a commit is heard.
        try store.commit(PostgresPreferenceStoreTests.rootChange(1, .extraLarge, from: .large))
        try positions.wait(for: "position 1") { $0.last == 1 }
        #expect(heard.changes.count == 2)
    }

    /// A network that drops every packet closes nothing: only the probe on the listening
    /// connection can find it, within its interval and its wait (1 s each). The store's own
    /// timeout is 5 s, so that it connects through the proxy on a machine busy enough to take over
    /// 1 s for it, as one run beside two CPU hogs did.
    @Test func aListeningConnectionGoneSilentIsFoundByItsProbe() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        let proxy = try DroppingProxy(upstreamPort: cluster.port)
        let url = "postgres://\(cluster.user):\(cluster.password)@127.0.0.1:\(proxy.port)/\(database)?sslmode=disable"
        let store = try PostgresPreferenceStore.open(url: url, timeoutSeconds: 5, logger: Self.logger)
        defer { store.close() }
        let heard = HeardReachability()
        store.watchReachability { heard.append($0) }
        let positions = Heard()
        store.listen { positions.append($0) }
        try positions.wait(for: "the listener's first position") { !$0.isEmpty }

        proxy.hold(true)
        try heard.wait(for: "the silence to be found") { $0.count == 1 }
        // The bound is the probe's own, as the store reports it: it waited 1 s for an answer.
        #expect((heard.changes.first ?? nil)?.contains("did not answer a probe within 1 s") == true, "\(heard.changes)")

        proxy.hold(false)
        try heard.wait(for: "the return to be heard") { $0.count == 2 }
        #expect(heard.changes.last == .some(nil))
    }
}

/// What a `watchReachability` handler was called with, in order.
final class HeardReachability: Sendable {
    private let heard = Mutex<[String?]>([])

    func append(_ reason: String?) { heard.withLock { $0.append(reason) } }

    var changes: [String?] { heard.withLock { $0 } }

    /// Waits until the changes satisfy `condition`.
    func wait(for awaited: String, until condition: ([String?]) -> Bool) throws {
        try Wait.until(awaited, seen: { "\(changes)" }) { heard.withLock { condition($0) } }
    }
}
