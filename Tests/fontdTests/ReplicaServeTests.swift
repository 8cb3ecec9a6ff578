import DynamicType
import FontdTestSupport
import Foundation
import PostgresTestSupport
import ServerTestSupport
import Synchronization
import Testing

/// Two `fontd serve` replicas on one real PostgreSQL (docs/DESIGN.md §24 (Replicas on PostgreSQL)): a change made through
/// either reaches the other's subscribers, and a database that goes away refuses changes with 503
/// while reads and streams go on, until it is back.
@Suite(.serialized, .ownThread) struct ReplicaServeTests {
    @Test func aChangeThroughOneReplicaReachesTheOthersSubscriber() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url])
        let b = try ServerProcess(["--store", url])
        let subscriber = try EventStreamClient(port: a.port, query: "?scope=alice/phone", timeoutSeconds: 10)
        #expect(try subscriber.next().event == "preferences")
        #expect(try b.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 200)
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "1", event: "contentSizeCategoryDidChange",
                    data: #"{"scope":"alice/phone","category":"xl","previous":"l","sequence":1}"#))
        #expect(
            try a.client.put("/category?scope=alice/phone", #"{"category":"s"}"#).bodyText
                == #"{"scope":"alice/phone","category":"s","previous":"xl","sequence":2}"#)
        #expect(!a.standardError().contains(cluster.password) && !b.standardError().contains(cluster.password))
    }

    @Test func textSpacingSetThroughOneReplicaIsServedByTheOtherAndKept() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url])
        let b = try ServerProcess(["--store", url])
        let subscriber = try EventStreamClient(port: a.port, timeoutSeconds: 10)
        #expect(try subscriber.next().event == "preferences")
        #expect(try b.client.put("/preferences", #"{"textSpacing":"wcag"}"#).status == 200)
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "1", event: "textSpacingDidChange", data: #"{"textSpacing":"wcag","previous":"default","sequence":1}"#))
        #expect(try a.client.get("/font?style=body&category=l").json()["metrics"]?["wordSpacing"] == .number(2.72))
        #expect(a.terminate() == 0)
        let restarted = try ServerProcess(["--store", url])
        defer { restarted.stop() }
        #expect(try restarted.client.get("/preferences").member("textSpacing") == .string("wcag"))
        let resumed = try EventStreamClient(port: restarted.port, lastEventID: "0", timeoutSeconds: 10)
        #expect(try resumed.next().event == "textSpacingDidChange")
    }

    @Test func aReadingFontSetThroughOneReplicaIsServedByTheOtherAndAScopeInheritsAndClearsItAcrossThem() throws {
        let url = try PostgresCluster.shared().url(database: try PostgresCluster.shared().createDatabase())
        let a = try ServerProcess(["--store", url], environment: ReadingFonts.environment)
        let b = try ServerProcess(["--store", url], environment: ReadingFonts.environment)
        let root = try EventStreamClient(port: b.port, timeoutSeconds: 10)
        let alice = try EventStreamClient(port: a.port, query: "?scope=alice", timeoutSeconds: 10)
        #expect(try root.next().event == "preferences" && alice.next().event == "preferences")
        #expect(try a.client.put("/preferences", #"{"readingFont":"OpenDyslexic"}"#).status == 200)
        #expect(
            try root.next()
                == ServerSentEvent(
                    id: "1", event: "readingFontDidChange", data: #"{"readingFont":"OpenDyslexic","previous":null,"sequence":1}"#))
        #expect(
            try b.client.get("/preferences").bodyText.hasPrefix(
                #"{"category":"l","legibilityWeight":"regular","textSpacing":"default","readingFont":"OpenDyslexic","sequence":1,"#))
        #expect(try b.client.get("/font?style=body").json()["descriptor"]?["family"] == .string("OpenDyslexic"))

        // alice inherits the root's on B; her own, set through B, reaches A; cleared through A, she inherits again on B.
        let inherited = try b.client.get("/preferences?scope=alice").bodyText
        #expect(
            inherited.contains(#""readingFont":"OpenDyslexic""#)
                && inherited.contains(#""inherited":["category","legibilityWeight","textSpacing","readingFont"]"#), "\(inherited)")
        #expect(
            try alice.next()
                == ServerSentEvent(
                    id: "1", event: "readingFontDidChange",
                    data: #"{"scope":"alice","readingFont":"OpenDyslexic","previous":null,"sequence":1}"#))
        #expect(try b.client.put("/preferences?scope=alice", #"{"readingFont":"OpenDyslexicAlta"}"#).status == 200)
        #expect(
            try alice.next()
                == ServerSentEvent(
                    id: "2", event: "readingFontDidChange",
                    data: #"{"scope":"alice","readingFont":"OpenDyslexicAlta","previous":"OpenDyslexic","sequence":2}"#))
        #expect(try a.client.get("/font?style=body&scope=alice").json()["descriptor"]?["family"] == .string("OpenDyslexicAlta"))
        let cleared = try a.client.put("/preferences?scope=alice", #"{"readingFont":null}"#).bodyText
        #expect(cleared.contains(#""readingFont":"OpenDyslexic""#), "\(cleared)")
        #expect(try alice.next().id == "3")
        let seen = try Wait.value("replica B to have sequence 3") {
            let body = try b.client.get("/preferences?scope=alice").bodyText
            return body.contains(#""sequence":3"#) ? body : nil
        }
        #expect(
            seen.contains(#""readingFont":"OpenDyslexic""#)
                && seen.contains(#""inherited":["category","legibilityWeight","textSpacing","readingFont"]"#), "\(seen)")

        // The root's subscriber on B had exactly one event for the reading font: its next is the next root change.
        #expect(try a.client.put("/category", #"{"category":"xl"}"#).status == 200)
        #expect(
            try root.next()
                == ServerSentEvent(
                    id: "4", event: "contentSizeCategoryDidChange", data: #"{"category":"xl","previous":"l","sequence":4}"#))
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
        var accepted = "nothing"
        try Wait.until("a change accepted after the restart", seen: { accepted }) {
            let answer = try a.client.put("/category", #"{"category":"s"}"#)
            accepted = "\(answer.status) \(answer.bodyText)"
            return answer.status == 200
        }
        // The stream survived and gets the change, exactly once.
        #expect(
            try subscriber.next()
                == ServerSentEvent(
                    id: "2", event: "contentSizeCategoryDidChange", data: #"{"category":"s","previous":"xl","sequence":2}"#))
        #expect(try a.client.get("/healthz").bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
    }

    @Test func aSubscriberOfAKilledReplicaResumesOnTheOtherWithExactlyWhatItMissed() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url])
        let b = try ServerProcess(["--store", url])
        let subscriber = try EventStreamClient(port: a.port, query: "?scope=alice", timeoutSeconds: 10)
        #expect(try subscriber.next().event == "preferences")
        #expect(try b.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 200)  // 1
        let seen = try subscriber.next()
        #expect(seen.id == "1")
        a.stop()  // SIGKILL
        #expect(try b.client.put("/category?scope=bob", #"{"category":"s"}"#).status == 200)  // 2: not alice's
        #expect(try b.client.put("/preferences", #"{"legibilityWeight":"bold"}"#).status == 200)  // 3: alice's too
        #expect(try b.client.put("/category?scope=alice", #"{"category":"m"}"#).status == 200)  // 4
        let resumed = try EventStreamClient(port: b.port, lastEventID: seen.id, query: "?scope=alice", timeoutSeconds: 10)
        #expect(
            try resumed.next()
                == ServerSentEvent(
                    id: "3", event: "legibilityWeightDidChange",
                    data: #"{"scope":"alice","legibilityWeight":"bold","previous":"regular","sequence":3}"#))
        #expect(
            try resumed.next()
                == ServerSentEvent(
                    id: "4", event: "contentSizeCategoryDidChange", data: #"{"scope":"alice","category":"m","previous":"xl","sequence":4}"#)
        )
    }

    @Test func changesFromFourThreadsThroughBothReplicasGetIncreasingIdsAndEveryReplicaReplaysThem() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        // Fifty changes per reader as fast as the store takes them: the write quota (QuotaTests) is not what is tested.
        let unlimited = ["--max-writes-per-second", "1000000"]
        let replicas = [try ServerProcess(["--store", url] + unlimited), try ServerProcess(["--store", url] + unlimited)]
        let acknowledged = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        let categories = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<50 {
                let server = replicas[(worker + index) % 2]
                let body = #"{"category":"\#(categories[index % categories.count])"}"#
                // A PUT is idempotent: a client retries one answered 503 (not known to be
                // committed), as DESIGN tells it to; a loaded machine can make a commit wait.
                var outcome = "no answer"
                for _ in 0..<10 {
                    do {
                        let answer = try server.client.put("/category?scope=reader\(worker)", body)
                        if answer.status == 200, case .number(let id)? = try answer.member("sequence") {
                            acknowledged.withLock { $0.append(Int(id)) }
                            outcome = ""
                            break
                        }
                        outcome = "\(answer.status) \(answer.bodyText)"
                        guard answer.status == 503 else { break }
                    } catch {
                        outcome = "\(error)"
                    }
                    usleep(100_000)  // a client's pause before it retries a 503, part of what the test plays
                }
                if !outcome.isEmpty { failures.withLock { $0.append("reader\(worker) #\(index): \(outcome)") } }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let ids = acknowledged.withLock { $0 }.sorted()
        #expect(ids.count == 200, "every change was acknowledged")
        #expect(Set(ids).count == ids.count, "no id was given twice")
        #expect(ids == Array(1...200), "ids are consecutive across both replicas")
        for server in replicas {
            for worker in 0..<4 {
                let replay = try EventStreamClient(port: server.port, lastEventID: "0", query: "?scope=reader\(worker)", timeoutSeconds: 10)
                var replayed: [Int] = []
                for _ in 0..<50 { replayed.append(Int(try replay.next().id ?? "") ?? -1) }
                #expect(replayed == replayed.sorted() && Set(replayed).count == 50, "reader\(worker) on \(server.port): \(replayed)")
            }
        }
    }

    @Test func aResumeFromAnIdThisReplicaHasNotSeenCatchesUpFirst() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url, "--store-timeout", "1"])
        let b = try ServerProcess(["--store", url, "--store-timeout", "1"])
        #expect(try b.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 200)  // 1
        #expect(try b.client.put("/category?scope=alice", #"{"category":"s"}"#).status == 200)  // 2
        // Whether or not A has heard of 2 yet, resuming there from 1 gives exactly 2.
        let resumed = try EventStreamClient(port: a.port, lastEventID: "1", query: "?scope=alice", timeoutSeconds: 10)
        #expect(
            try resumed.next()
                == ServerSentEvent(
                    id: "2", event: "contentSizeCategoryDidChange", data: #"{"scope":"alice","category":"s","previous":"xl","sequence":2}"#)
        )
        // With the database away, a resume from an id A has not seen cannot be told: 503.
        try cluster.stop(mode: .immediate)
        _ = try? a.client.put("/category", #"{"category":"xl"}"#)  // A learns that the store is away
        let refused = try EventStreamClient(port: a.port, lastEventID: "99", timeoutSeconds: 10)
        #expect(refused.head.status == 503)
        // A resume it can tell is still answered.
        let told = try EventStreamClient(port: a.port, lastEventID: "1", query: "?scope=alice", timeoutSeconds: 10)
        #expect(try told.next().id == "2")
    }

    @Test func aDatabaseStoppedMidBurstAcknowledgesNoLostChangeAndStreamsCatchUpExactlyOnce() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        // Sixty changes of the root as fast as the store takes them: the write quota (QuotaTests) is not what is tested.
        let a = try ServerProcess(["--store", url, "--store-timeout", "1", "--max-writes-per-second", "1000000"])
        let b = try ServerProcess(["--store", url, "--store-timeout", "1"])
        let subscriber = try EventStreamClient(port: b.port, timeoutSeconds: 30)
        #expect(try subscriber.next().event == "preferences")
        let categories = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
        var acknowledged: [Int] = []
        var statuses: [Int] = []
        for index in 0..<60 {
            if index == 20 { try cluster.stop(mode: .immediate) }
            if index == 40 { try cluster.start() }
            let answer = try a.client.put("/category", #"{"category":"\#(categories[(index + 1) % categories.count])"}"#)
            statuses.append(answer.status)
            // A PUT of the value already current is answered without the database, with the id it has.
            if answer.status == 200, case .number(let id)? = try answer.member("sequence"), Int(id) != acknowledged.last {
                acknowledged.append(Int(id))
            }
        }
        #expect(statuses.contains(503), "\(statuses)")
        var received: [Int] = []
        do {
            while received.count < acknowledged.count { received.append(Int(try subscriber.next().id ?? "") ?? -1) }
        } catch {
            Issue.record(
                "B's subscriber stopped at \(received) of \(acknowledged): \(error)\nB: \(b.standardError().suffix(3000))\nA: \(a.standardError().suffix(1500))"
            )
        }
        #expect(received == acknowledged, "every acknowledged change once, in order, and nothing else")
        #expect(acknowledged == Array(1...acknowledged.count), "no id was lost or given to a refused change")
    }

    @Test(arguments: [
        ("postgres://fontd@/db", "host"),
        ("postgres://fontd:secret-pw@127.0.0.1:notaport/db", "not a well-formed URL"),
        ("postgres://fontd:secret-pw@127.0.0.1:1/db?sslmode=disable", "Connection refused"),
    ])
    func aBadStoreURLStopsServeWithOneLine(_ url: String, _ mentions: String) throws {
        let run = try CommandRunner.run(["serve", "--port", "0", "--store", url, "--store-timeout", "2"])
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("fontd: error:") && run.standardError.contains(mentions), "\(run.standardError)")
        #expect(!run.standardError.contains("secret-pw"))
    }

    @Test func sslmodeRequireTalksTLSAndVerifyFullRefusesAnUntrustedCertificate() throws {
        let cluster = try PostgresCluster(tls: true)
        let database = try cluster.createDatabase()
        // Whether each of the server's connections from fontd to this database is encrypted.
        func encrypted() throws -> Set<String> {
            Set(
                try cluster.runSQL(
                    "SELECT ssl FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE datname = '\(database)' AND usename = 'fontd'"
                ).split(separator: "\n").map(String.init))
        }
        do {
            let server = try ServerProcess(["--store", cluster.url(database: database, sslMode: "require")])
            #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200)
            #expect(try encrypted() == ["t"], "every connection of fontd's is TLS")
        }
        do {
            let plain = try ServerProcess(["--store", cluster.url(database: database, sslMode: "disable")])
            #expect(try plain.client.get("/category").member("category") == .string("xl"))
            // The first server's connections end as it exits; the database may see that a moment later.
            try Wait.until("only plain connections (sslmode=disable)", seen: { "\((try? encrypted()) ?? [])" }) { try encrypted() == ["f"] }
        }
        // The certificate's CA is the cluster's own: checked against the system's roots, it is refused.
        for mode in ["verify-ca", "verify-full"] {
            let run = try CommandRunner.run(["serve", "--port", "0", "--store", cluster.url(database: database, sslMode: mode)])
            #expect(run.status == 1, "\(mode)")
            #expect(
                run.standardError.hasPrefix("fontd: error:") && run.standardError.split(separator: "\n").count == 1,
                "\(mode): \(run.standardError)")
            #expect(run.standardError.contains("TLS certificate was not accepted (sslmode=\(mode)"), "\(run.standardError)")
            #expect(!run.standardError.contains(cluster.password))
        }
    }

    /// `sslrootcert` names the CA that signed the server's certificate (for `localhost` only):
    /// verify-ca then accepts it at 127.0.0.1, verify-full only where the name matches.
    @Test func sslrootcertTrustsAPrivateCAAndVerifyFullChecksTheName() throws {
        let cluster = try PostgresCluster(tls: true)
        let database = try cluster.createDatabase()
        let roots = "&sslrootcert=" + cluster.certificateAuthorityFile
        for (mode, host) in [("verify-ca", "127.0.0.1"), ("verify-full", "localhost")] {
            let server = try ServerProcess(["--store", cluster.url(database: database, sslMode: mode, host: host) + roots])
            #expect(try server.client.put("/category", #"{"category":"xl"}"#).status == 200, "\(mode) at \(host)")
            #expect(try server.client.get("/category").member("category") == .string("xl"))
        }

        let wrongName = try CommandRunner.run(
            ["serve", "--port", "0", "--store", cluster.url(database: database, sslMode: "verify-full") + roots])
        #expect(wrongName.status == 1)
        #expect(wrongName.standardError.split(separator: "\n").count == 1, "\(wrongName.standardError)")
        #expect(
            wrongName.standardError.contains(
                "TLS certificate was not accepted (sslmode=verify-full checks it against the CAs of \(cluster.certificateAuthorityFile) "
                    + "and the host name 127.0.0.1)"), "\(wrongName.standardError)")
        #expect(!wrongName.standardError.contains(cluster.password))
    }

    @Test(arguments: [
        ("?sslmode=require&sslrootcert=/tmp/ca.crt", "sslrootcert applies with sslmode=verify-ca or verify-full"),
        ("?sslmode=verify-full&sslrootcert=", "sslrootcert names no file"),
        ("?sslmode=verify-full&sslmode=verify-ca", "the parameter 'sslmode' is given twice"),
        ("?sslmode=verify-full&sslrootcert=/nonexistent/ca.crt", "sslrootcert /nonexistent/ca.crt cannot be read as PEM certificates"),
    ])
    func aBadTLSParameterStopsServeWithOneLine(_ query: String, _ mentions: String) throws {
        let run = try CommandRunner.run(["serve", "--port", "0", "--store", "postgres://fontd:secret-pw@127.0.0.1:1/db" + query])
        #expect(run.status != 0)
        #expect(run.standardError.hasPrefix("fontd: error:") && run.standardError.contains(mentions), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(!run.standardError.contains("secret-pw"))
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
