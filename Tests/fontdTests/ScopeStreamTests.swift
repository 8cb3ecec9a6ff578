import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Reader scopes on the wire (docs/DESIGN.md §23 (Reader scopes and scoped tokens)), against the built `fontd serve`: events to
/// exactly the scopes a change affects, replay per scope across a SIGKILL, scoped tokens checked
/// off the event loops, `access_token=` for browsers, and serve's refusals of bad key options.
@Suite(.ownThread) struct ScopeStreamTests {
    static let token = "scope-admin-token"

    private func category(_ scope: String?, _ category: String, from previous: String, _ id: Int) -> ServerSentEvent {
        let scoped = scope.map { #""scope":"\#($0)","# } ?? ""
        return ServerSentEvent(
            id: String(id), event: "contentSizeCategoryDidChange",
            data: #"{\#(scoped)"category":"\#(category)","previous":"\#(previous)","sequence":\#(id)}"#)
    }

    private func weight(_ scope: String?, _ weight: String, from previous: String, _ id: Int) -> ServerSentEvent {
        let scoped = scope.map { #""scope":"\#($0)","# } ?? ""
        return ServerSentEvent(
            id: String(id), event: "legibilityWeightDidChange",
            data: #"{\#(scoped)"legibilityWeight":"\#(weight)","previous":"\#(previous)","sequence":\#(id)}"#)
    }

    private func subscribe(_ server: ServerProcess, _ scope: String?, lastEventID: String? = nil) throws -> EventStreamClient {
        let client = try EventStreamClient(port: server.port, lastEventID: lastEventID, query: scope.map { "?scope=" + $0 } ?? "")
        #expect(client.head.status == 200, "\(scope ?? "root")")
        return client
    }

    private func put(_ server: ServerProcess, _ scope: String?, _ json: String) throws -> TestResponse {
        let answer = try server.client.put("/preferences" + (scope.map { "?scope=" + $0 } ?? ""), json)
        #expect(answer.status == 200, "\(answer.bodyText)")
        return answer
    }

    @Test func eachChangeReachesExactlyTheScopesItAffects() throws {
        let server = try ServerProcess()
        let scopes = [nil, "alice", "alice/phone", "alice/phone/org.gnome.Terminal", "bob"]
        let subscribers = try scopes.map { try subscribe(server, $0) }
        for (scope, subscriber) in zip(scopes, subscribers) {
            #expect(try subscriber.next().event == "preferences", "\(scope ?? "root")")
        }
        let (root, alice, phone, app, bob) = (subscribers[0], subscribers[1], subscribers[2], subscribers[3], subscribers[4])

        _ = try put(server, "alice", #"{"category":"s"}"#)
        #expect(try alice.next() == category("alice", "s", from: "l", 1))
        #expect(try phone.next() == category("alice/phone", "s", from: "l", 1))
        #expect(try app.next() == category("alice/phone/org.gnome.Terminal", "s", from: "l", 1))

        _ = try put(server, nil, #"{"category":"xxl"}"#)
        #expect(try root.next() == category(nil, "xxl", from: "l", 2))
        #expect(try bob.next() == category("bob", "xxl", from: "l", 2))

        _ = try put(server, "alice/phone", #"{"legibilityWeight":"bold"}"#)
        #expect(try phone.next() == weight("alice/phone", "bold", from: "regular", 3))
        #expect(try app.next() == weight("alice/phone/org.gnome.Terminal", "bold", from: "regular", 3))

        // Alice inherits again: her line follows the root's xxl.
        _ = try put(server, "alice", #"{"category":null}"#)
        for (scope, subscriber) in [("alice", alice), ("alice/phone", phone), ("alice/phone/org.gnome.Terminal", app)] {
            #expect(try subscriber.next() == category(scope, "xxl", from: "s", 4))
        }
        // Each stream's next event is the one below, so none had one in between.
        _ = try put(server, nil, #"{"legibilityWeight":"bold"}"#)
        #expect(try root.next() == weight(nil, "bold", from: "regular", 5))
        #expect(try alice.next() == weight("alice", "bold", from: "regular", 5))
        #expect(try bob.next() == weight("bob", "bold", from: "regular", 5))
        _ = try put(server, "alice/phone", #"{"category":"m"}"#)
        #expect(try phone.next() == category("alice/phone", "m", from: "xxl", 6))
        #expect(try app.next() == category("alice/phone/org.gnome.Terminal", "m", from: "xxl", 6))
    }

    @Test func aScopeResumesAcrossASIGKILLWithOtherScopesInterleaved() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        var server = try ServerProcess(["--store", store])
        _ = try put(server, "alice", #"{"category":"s"}"#)  // 1: alice's line
        _ = try put(server, "bob", #"{"category":"xl"}"#)  // 2: bob only
        _ = try put(server, nil, #"{"category":"xxxl"}"#)  // 3: neither (both have their own)
        _ = try put(server, nil, #"{"legibilityWeight":"bold"}"#)  // 4: everyone
        _ = try put(server, "alice/phone", #"{"category":"m"}"#)  // 5: the phone
        _ = try put(server, "alice/phone", #"{"legibilityWeight":"bold"}"#)  // equal to the inherited: no id
        _ = try put(server, nil, #"{"legibilityWeight":"regular"}"#)  // 6: not the phone, which pinned bold
        let expected = [
            category("alice/phone", "s", from: "l", 1), weight("alice/phone", "bold", from: "regular", 4),
            category("alice/phone", "m", from: "s", 5),
        ]
        let before = try subscribe(server, "alice/phone", lastEventID: "0")
        for event in expected { #expect(try before.next() == event) }

        server.stop()
        server = try ServerProcess(["--store", store])
        #expect(
            try server.client.get("/preferences?scope=alice/phone").bodyText
                == server.client.withFontGeneration(
                    #"{"scope":"alice/phone","category":"m","legibilityWeight":"bold","textSpacing":"default","sequence":5,"inherited":["textSpacing"]}"#
                ))
        let resumed = try subscribe(server, "alice/phone", lastEventID: "1")
        for event in expected.dropFirst() { #expect(try resumed.next() == event) }
        let bob = try subscribe(server, "bob", lastEventID: "0")
        #expect(try bob.next() == category("bob", "xl", from: "l", 2))
        #expect(try bob.next() == weight("bob", "bold", from: "regular", 4))
        #expect(try bob.next() == weight("bob", "regular", from: "bold", 6))
        // Nothing missed: live changes follow, and only those that affect the phone.
        let live = try subscribe(server, "alice/phone", lastEventID: "6")
        _ = try put(server, nil, #"{"category":"xs"}"#)  // 7: not the phone
        _ = try put(server, "alice/phone", #"{"category":null}"#)  // 8: the phone inherits alice's s
        #expect(try live.next() == category("alice/phone", "s", from: "m", 8))
        // An id from the future gets a snapshot.
        let future = try subscribe(server, "alice/phone", lastEventID: "99")
        #expect(try future.next().event == "preferences")
        // A scope deleted by its last clear still answers the id of that clear, after a restart too.
        _ = try put(server, "alice/phone", #"{"legibilityWeight":null}"#)  // 9: alice's regular
        let deleted =
            #"{"scope":"alice/phone","category":"s","legibilityWeight":"regular","textSpacing":"default","sequence":9,"inherited":["category","legibilityWeight","textSpacing"]}"#
        #expect(try server.client.get("/preferences?scope=alice/phone").bodyText == server.client.withFontGeneration(deleted))
        server.stop()
        server = try ServerProcess(["--store", store])
        #expect(try server.client.get("/preferences?scope=alice/phone").bodyText == server.client.withFontGeneration(deleted))
    }

    @Test func aReplayNeedingDroppedHistoryGetsASnapshot() throws {
        let server = try ServerProcess(["--kept-changes", "4", "--kept-changes-per-scope", "2"])
        for category in ["s", "m", "xl"] { _ = try put(server, "alice", #"{"category":"\#(category)"}"#) }  // 1–3
        for category in ["xs", "xxl", "s", "m", "xxxl"] { _ = try put(server, "bob", #"{"category":"\#(category)"}"#) }  // 4–8
        // Alice keeps her newest 2 (2 and 3): from 1 on she can be told; from 0 she cannot.
        let told = try subscribe(server, "alice", lastEventID: "1")
        #expect(try told.next() == category("alice", "m", from: "s", 2))
        #expect(try told.next() == category("alice", "xl", from: "m", 3))
        let lost = try subscribe(server, "alice", lastEventID: "0")
        #expect(
            try lost.next()
                == ServerSentEvent(
                    id: "3", event: "preferences",
                    data: server.client.withFontGeneration(
                        #"{"scope":"alice","category":"xl","legibilityWeight":"regular","textSpacing":"default","sequence":3,"inherited":["legibilityWeight","textSpacing"]}"#
                    )))
        // The root's changes 9–13: the window of 4 keeps 10–13, so 9 resumes and 8 does not.
        for category in ["xs", "xxl", "s", "m", "xxxl"] { _ = try put(server, nil, #"{"category":"\#(category)"}"#) }
        let root = try subscribe(server, nil, lastEventID: "9")
        #expect(try root.next().id == "10")
        #expect(try subscribe(server, nil, lastEventID: "8").next().event == "preferences")
        // A lineage whose ancestor's history was dropped is told by a snapshot too (it cannot
        // be known whether a dropped change of the root affected it).
        #expect(try subscribe(server, "alice", lastEventID: "3").next().event == "preferences")
    }

    @Test func scopedTokensAreCheckedOnTheWireAndNeverLogged() async throws {
        let server = try ServerProcess(["--token", Self.token, "--jwt-secret", ScopedTokens.secret, "--log-level", "debug"])
        let alice = try await ScopedTokens.token(scope: "alice")
        let bob = try await ScopedTokens.token(scope: "bob")

        let written = try server.client.put("/category?scope=alice/phone", #"{"category":"ax1"}"#, token: alice)
        #expect(written.status == 200, "\(written.bodyText)")
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: bob).status == 403)
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xl"}"#).status == 401)
        let expired = try await ScopedTokens.token(scope: "alice", expiresIn: -120)
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: expired).status == 401)

        // A browser's EventSource: the token in the query, the answer private.
        let stream = try EventStreamClient(port: server.port, query: "?scope=alice/phone&access_token=\(alice)")
        #expect(stream.head.status == 200)
        #expect(stream.head.header("Cache-Control") == "private, no-store")
        #expect(stream.head.header("Referrer-Policy") == "no-referrer")
        #expect(try stream.next().data.contains(#""scope":"alice/phone","category":"ax1""#))
        let header = try EventStreamClient(port: server.port, query: "?scope=alice", headers: [("Authorization", "Bearer \(alice)")])
        #expect(header.head.status == 200)
        #expect(try EventStreamClient(port: server.port, query: "?scope=alice&access_token=\(bob)").head.status == 403)
        #expect(try EventStreamClient(port: server.port, query: "?scope=alice").head.status == 401)
        #expect(try server.client.get("/font?style=body&scope=alice&access_token=\(alice)").status == 400)
        let css = try server.client.get("/css?scope=alice/phone&access_token=\(alice)")
        #expect(css.status == 200)
        #expect(css.header("Referrer-Policy") == "no-referrer")
        // Not prewarmed, so computed now, and the debug log shows its target.
        #expect(try server.client.get("/tokens?scope=alice/phone&access_token=\(alice)").status == 200)
        // The cached stylesheet is not served to the same target without the token.
        #expect(try server.client.get("/css?scope=alice/phone").status == 401)

        // stderr is read as it comes: wait for the line of the /tokens answer.
        let log = try await server.waitForLog(containing: "REDACTED")
        #expect(log.contains("REDACTED"), "the debug log shows the targets it computed")
        for token in [alice, bob, expired] { #expect(!log.contains(token), "a token is in the log") }
    }

    @Test(arguments: [
        (["--jwt-secret", ScopedTokens.secret], "needs --token"),
        (["--token", "t", "--jwt-secret", "short"], "is 5 bytes; an HS256 secret needs at least 32"),
        (["--token", "t", "--jwt-secret", ScopedTokens.secret, "--jwt-public-key", "/nonexistent.pem"], "not both"),
        (["--token", "t", "--jwt-public-key", "/nonexistent.pem"], "cannot be read"),
        (["--token", "t", "--max-token-ttl", "367d"], "Invalid --max-token-ttl '367d': expected a whole number and a unit"),
        (["--max-scopes=-1"], "Invalid max scopes"),
        (["--kept-changes", "0"], "Invalid kept changes"),
    ])
    func badScopeOptionsStopServeWithOneLine(_ arguments: [String], _ message: String) throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let run = try CommandRunner.run(
            ["serve", "--port", "0", "--store", store] + arguments,
            environment: PinnedFonts.environment.filter { !$0.key.hasPrefix("FONTD_") })
        #expect(run.status != 0)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: store), "the store was made before the options were checked")
    }

    @Test func aSecretFromTheEnvironmentIsCheckedToo() throws {
        let run = try CommandRunner.run(
            ["serve", "--port", "0", "--token", "t"],
            environment: PinnedFonts.environment.filter { !$0.key.hasPrefix("FONTD_") }.merging(["FONTD_JWT_SECRET": "too-short"]) { $1 })
        #expect(run.status != 0)
        #expect(run.standardError.contains("FONTD_JWT_SECRET is 9 bytes"), "\(run.standardError)")
    }
}
