import DynamicType
import Foundation
import Logging
import PostgresStore
import PostgresTestSupport
import ServerTestSupport
import Synchronization
import Testing

/// `PostgresPreferenceStore.watchReachability(_:)` (docs/DESIGN.md §24 (Replicas on PostgreSQL)):
/// the listening connections find a database that stops, or goes silent, within two seconds,
/// and its return, each once.
@Suite(.serialized) struct PostgresReachabilityTests {
    static let logger = Logger(label: "fontd.test.reachability")

    @Test func aStoppedServerIsHeardWithinTwoSecondsAndItsReturnWithinTwoOnceEach() throws {
        let cluster = try PostgresCluster()
        let store = try PostgresPreferenceStore.open(
            url: cluster.url(database: try cluster.createDatabase()), timeoutSeconds: 1, logger: Self.logger)
        defer { store.close() }
        let heard = HeardReachability()
        store.watchReachability { heard.append($0) }
        let positions = Heard()
        store.listen { positions.append($0) }
        store.listen(notices: { _ in })  // the second listener the service keeps, for revocations
        #expect(positions.wait { !$0.isEmpty })
        #expect(heard.changes.isEmpty, "nothing to tell while the database is up")

        try cluster.stop(mode: .immediate)
        #expect(heard.wait(seconds: 2) { $0.count == 1 }, "\(heard.changes)")
        let reason = try #require(heard.changes.first ?? nil)
        #expect(reason.contains("127.0.0.1:\(cluster.port)") && !reason.contains(cluster.password), "\(reason)")
        // Another watcher is told at once that it is away.
        let late = HeardReachability()
        store.watchReachability { late.append($0) }
        #expect(late.changes == [reason])

        try cluster.start()
        #expect(heard.wait(seconds: 2) { $0.count == 2 }, "\(heard.changes)")
        #expect(heard.changes.last == .some(nil))
        // Listening again: a commit is heard.
        try store.commit(PostgresPreferenceStoreTests.rootChange(1, .extraLarge, from: .large))
        #expect(positions.wait { $0.last == 1 })
        #expect(heard.changes.count == 2)
    }

    /// A network that drops every packet closes nothing: only the probe on the listening
    /// connection can find it, within its interval and its wait (1 s each).
    @Test func aListeningConnectionGoneSilentIsFoundByItsProbe() throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.createDatabase()
        let proxy = try DroppingProxy(upstreamPort: cluster.port)
        let url = "postgres://\(cluster.user):\(cluster.password)@127.0.0.1:\(proxy.port)/\(database)?sslmode=disable"
        let store = try PostgresPreferenceStore.open(url: url, timeoutSeconds: 1, logger: Self.logger)
        defer { store.close() }
        let heard = HeardReachability()
        store.watchReachability { heard.append($0) }
        let positions = Heard()
        store.listen { positions.append($0) }
        #expect(positions.wait { !$0.isEmpty })

        proxy.hold(true)
        let held = Date()
        #expect(heard.wait(seconds: 3) { $0.count == 1 }, "\(heard.changes)")
        let found = Date().timeIntervalSince(held)
        #expect(found < 2.5, "found after \(found) s")
        #expect((heard.changes.first ?? nil)?.contains("did not answer a probe within 1 s") == true, "\(heard.changes)")

        proxy.hold(false)
        // Reconnecting takes the attempt under way (at most the store's timeout) and the delay after it.
        #expect(heard.wait(seconds: 4) { $0.count == 2 }, "\(heard.changes)")
        #expect(heard.changes.last == .some(nil))
        print("a silent connection: found unreachable \(found) s after the network went silent")
    }
}

/// What a `watchReachability` handler was called with, in order.
final class HeardReachability: Sendable {
    private let heard = Mutex<[String?]>([])

    func append(_ reason: String?) { heard.withLock { $0.append(reason) } }

    var changes: [String?] { heard.withLock { $0 } }

    /// Whether the changes came to satisfy `condition` within `seconds`.
    func wait(seconds: Double, until condition: ([String?]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !heard.withLock({ condition($0) }) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }
}
