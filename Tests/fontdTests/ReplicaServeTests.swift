import FontdTestSupport
import Foundation
import Testing

/// Two `fontd serve` replicas on one real PostgreSQL (docs/DESIGN.md §11): a change made through
/// either reaches the other's subscribers, and a database that goes away refuses changes with 503
/// while reads and streams go on, until it is back.
@Suite(.serialized) struct ReplicaServeTests {
    @Test func aChangeThroughOneReplicaReachesTheOthersSubscriber() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url])
        let b = try ServerProcess(["--store", url])
        let subscriber = try EventStreamClient(port: a.port, query: "?scope=alice/phone", timeoutSeconds: 10)
        #expect(try subscriber.next().event == "preferences")
        #expect(try b.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 200)
        #expect(try subscriber.next() == ServerSentEvent(
            id: "1", event: "contentSizeCategoryDidChange", data: #"{"scope":"alice/phone","category":"xl","previous":"l","sequence":1}"#))
        #expect(try a.client.put("/category?scope=alice/phone", #"{"category":"s"}"#).bodyText
            == #"{"scope":"alice/phone","category":"s","previous":"xl","sequence":2}"#)
        #expect(!a.standardError().contains(cluster.password) && !b.standardError().contains(cluster.password))
    }

    @Test func aDatabaseThatGoesAwayRefusesChangesAndReadsGoOn() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url, "--store-timeout", "1"])
        #expect(try a.client.put("/category", #"{"category":"xl"}"#).status == 200)
        let subscriber = try EventStreamClient(port: a.port, timeoutSeconds: 20)
        #expect(try subscriber.next().event == "preferences")
        try cluster.stop(mode: .immediate)
        let refused = try a.client.put("/category", #"{"category":"s"}"#)
        #expect(refused.status == 503)
        #expect(try refused.member("error") == .string("unavailable"))
        #expect(try a.client.get("/healthz").member("status") == .string("degraded"))
        #expect(try a.client.get("/font?style=body").member("category") == .string("xl"))
        try cluster.start()
        let deadline = Date().addingTimeInterval(20)
        var accepted = try a.client.put("/category", #"{"category":"s"}"#)
        while accepted.status != 200, Date() < deadline {
            usleep(200_000)
            accepted = try a.client.put("/category", #"{"category":"s"}"#)
        }
        #expect(accepted.status == 200, "\(accepted.bodyText)")
        // The stream survived and gets the change, exactly once.
        #expect(try subscriber.next() == ServerSentEvent(
            id: "2", event: "contentSizeCategoryDidChange", data: #"{"category":"s","previous":"xl","sequence":2}"#))
        #expect(try a.client.get("/healthz").bodyText == #"{"status":"ok"}"#)
    }

    @Test func aWrongPasswordStopsServeWithOneLineThatDoesNotShowIt() throws {
        let cluster = try PostgresCluster.shared()
        let url = cluster.url(database: try cluster.createDatabase(), password: "not-the-password")
        let run = try CommandRunner.run(["serve", "--port", "0", "--store", url])
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("fontd: error:"), "\(run.standardError)")
        #expect(!run.standardError.contains("not-the-password"))
    }
}
