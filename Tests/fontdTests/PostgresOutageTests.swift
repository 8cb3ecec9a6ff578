import DynamicType
import FontdTestSupport
import Foundation
import PostgresTestSupport
import ServerTestSupport
import Synchronization
import Testing

/// `fontd serve` on a real PostgreSQL that is stopped and started again under it (docs/DESIGN.md
/// §24 (Replicas on PostgreSQL)): `/healthz` follows the database either way (how soon is
/// Benchmarks/outage.sh's figure), the log says so once each way, and a change is acknowledged
/// only once it is kept.
@Suite(.serialized, .ownThread) struct PostgresOutageTests {
    static let unreachableLine = "the preferences store is unreachable; changes are refused until it is back"
    static let reachableLine = "the preferences store is reachable again"

    @Test func healthzIsDegradedWhileTheDatabaseIsStoppedAndOkOnItsReturnLoggedOnceEachWay() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        // At the default level, whose log is checked; and at debug, which shows each attempt to
        // reconnect, for the test to wait for.
        let server = try ServerProcess(["--store", url, "--store-timeout", "1"])
        let watched = try ServerProcess(["--store", url, "--store-timeout", "1", "--log-level", "debug"])
        #expect(try server.client.get("/healthz").bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
        // The log is read on its own thread and the ready line comes on stdout: wait until the
        // start-up lines are in, so that they are not counted as the outage's.
        try server.waitForLog(containing: "info fontd: listening socket=")
        let logBefore = server.standardError()

        try cluster.stop(mode: .fast)
        let degraded = try Self.poll(server, for: "healthz degraded") { $0.contains(#""status":"degraded""#) }
        #expect(degraded.contains(#""reason":"the preferences store is unreachable: "#), "\(degraded)")
        #expect(!degraded.contains(cluster.password))

        // The outage goes on through several attempts to reconnect (two listeners, a second apart
        // once the delay has grown): still one line.
        try Self.wait(for: "14 attempts to reconnect", in: watched) { $0.count(of: "notification connection is lost") >= 14 }
        #expect(try server.client.get("/healthz").bodyText.contains(#""status":"degraded""#))

        try cluster.start()
        try Self.poll(server, for: "healthz ok") { $0 == #"{"status":"ok","version":"\#(FontdVersion.current)"}"# }
        try server.waitForLog(containing: Self.reachableLine)
        let outage = server.standardError().dropFirst(logBefore.count).split(separator: "\n")
        #expect(outage.count == 2, "one line each way, and nothing else: \(outage)")
        #expect(outage.first?.contains(" warning fontd:") == true && outage.first?.contains(Self.unreachableLine) == true, "\(outage)")
        #expect(outage.last?.contains(" notice fontd:") == true && outage.last?.contains(Self.reachableLine) == true, "\(outage)")
        // The other server finds the database back on its own attempts, perhaps a moment later.
        try watched.waitForLog(containing: Self.reachableLine)
        let debugLog = watched.standardError()
        #expect(debugLog.count(of: Self.unreachableLine) == 1 && debugLog.count(of: Self.reachableLine) == 1, "\(debugLog.suffix(3000))")
        #expect(!server.standardError().contains(cluster.password) && !debugLog.contains(cluster.password))
    }

    /// The attack run's "PostgreSQL stopped mid-stream" row: a client PUTs a distinct
    /// scope with each request, as fast as it is answered, while the database is killed and
    /// started again; every 200 must be in the database afterwards.
    @Test(arguments: [PostgresCluster.StopMode.immediate, .fast])
    func putsStreamedThroughAStoppedDatabaseGetNoFalse200(_ mode: PostgresCluster.StopMode) throws {
        let cluster = try PostgresCluster()
        let database = try cluster.createDatabase()
        // How long a refusal waits is Benchmarks/outage.sh's "refused", not this test's to time.
        let timeoutSeconds = 2.0
        let server = try ServerProcess([
            "--store", cluster.url(database: database), "--store-timeout", "\(timeoutSeconds)", "--max-writes-per-second", "1000000",
        ])
        let stream = PutStream(server: server)
        stream.start()
        defer { stream.finish() }

        try stream.wait(for: "20 changes accepted") { $0.count { $0.status == 200 } >= 20 }
        try cluster.stop(mode: mode)
        let stoppedAt = stream.answers.count
        try stream.wait(for: "5 changes refused") { $0.dropFirst(stoppedAt).count { $0.status == 503 } >= 5 }
        try cluster.start()
        let startedAt = stream.answers.count
        try stream.wait(for: "20 changes accepted after the restart") { $0.dropFirst(startedAt).count { $0.status == 200 } >= 20 }
        stream.finish()

        let answers = stream.answers
        let acknowledged = answers.filter { $0.status == 200 }
        let refused = answers.filter { $0.status != 200 }
        #expect(!refused.isEmpty)
        for answer in refused {
            #expect(answer.status == 503 && answer.error == "unavailable", "\(answer)")
        }

        let kept = Set(
            try cluster.runSQL("SELECT scope || '=' || category FROM scopes", database: database).split(separator: "\n").map(String.init))
        let keptSequences = Set(
            try cluster.runSQL("SELECT sequence FROM history", database: database).split(separator: "\n").compactMap { Int($0) })
        for answer in acknowledged {
            #expect(kept.contains("\(answer.scope)=\(answer.category)"), "acknowledged but not kept: \(answer)")
            #expect(answer.sequence.map(keptSequences.contains) == true, "acknowledged but not in the history: \(answer)")
        }
    }

    /// GETs `/healthz` until `accepts` takes its body, and returns that body.
    @discardableResult
    static func poll(_ server: ServerProcess, for awaited: String, until accepts: (String) -> Bool) throws -> String {
        var answer = ""
        try Wait.until(awaited, seen: { answer }) {
            answer = try server.client.get("/healthz").bodyText
            return accepts(answer)
        }
        return answer
    }

    /// Waits until the server's stderr meets `condition`.
    static func wait(for awaited: String, in server: ServerProcess, _ condition: (String) -> Bool) throws {
        try Wait.until(awaited, seen: { String(server.standardError().suffix(2000)) }) { condition(server.standardError()) }
    }
}

extension String {
    /// How many times `text` occurs, not overlapping.
    fileprivate func count(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
