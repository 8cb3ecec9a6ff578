import FontServiceTestSupport
import FontdTestSupport
import Foundation
import PostgresTestSupport
import ScopedPreferences
import ServerTestSupport
import Testing

/// `fontd token revoke` and `PUT /revocations` (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): every
/// token for a scope and the scopes below it issued before the revocation is
/// refused, on every replica, across restarts, and its open streams end; a token issued after it is taken.
@Suite(.serialized, .ownThread) struct TokenRevocationTests {
    static let admin = "revocation-admin-token"
    static let options = ["--token", admin, "--jwt-secret", ScopedTokens.secret]
    static let now = Int(Date().timeIntervalSince1970)

    /// A token for `scope` with `iat` `issued` (none when nil), expiring in an hour.
    static func token(_ scope: String, issued: Int?) -> String {
        ScopedTokens.handMade(payload: ScopedTokens.payload(scope: scope, extra: issued.map { #","iat":\#($0)"# } ?? ""))
    }

    /// The status of a read of `scope`'s preferences with `token`.
    static func status(_ server: ServerProcess, _ scope: String, _ token: String) throws -> Int {
        try server.client.get("/preferences?scope=\(scope)", headers: [("Authorization", "Bearer \(token)")]).status
    }

    /// `revokedBefore` of an answer to `PUT /revocations`.
    static func revokedBefore(_ answer: TestResponse) throws -> Int {
        guard case .number(let seconds)? = try answer.member("revokedBefore") else { throw CocoaError(.propertyListReadCorrupt) }
        return Int(seconds)
    }

    @Test func revokeRefusesTheScopesTokensIssuedBeforeItAndKeepsRefusingAfterARestart() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        var server = try ServerProcess(["--store", store] + Self.options)
        let alice = Self.token("alice", issued: Self.now - 10)
        let phone = Self.token("alice/phone", issued: Self.now - 10)
        let noIssue = Self.token("alice", issued: nil)
        let bob = Self.token("bob", issued: Self.now - 10)
        for (scope, token) in [("alice", alice), ("alice/phone", phone), ("alice", noIssue), ("bob", bob)] {
            #expect(try Self.status(server, scope, token) == 200, "\(scope)")
        }

        let environment = PinnedFonts.environment.merging(["FONTD_TOKEN": Self.admin]) { $1 }
        let revoked = try CommandRunner.run(
            ["token", "revoke", "--scope", "alice", "--server", server.url.absoluteString, "--json"], environment: environment)
        try #require(revoked.status == 0, "\(revoked.standardError)")
        let answer = try JSONSerialization.jsonObject(with: Data(revoked.standardOutput.utf8)) as? [String: Any]
        let before = try #require(answer?["revokedBefore"] as? Int)
        #expect(answer?["scope"] as? String == "alice")
        #expect(before > Self.now && before <= Int(Date().timeIntervalSince1970) + 1)

        for (scope, token) in [("alice", alice), ("alice/phone", phone), ("alice/phone", alice), ("alice", noIssue)] {
            let refused = try server.client.get("/preferences?scope=\(scope)", headers: [("Authorization", "Bearer \(token)")])
            #expect(refused.status == 401, "\(scope)")
            #expect(refused.bodyText.contains("the tokens of alice issued before it were revoked"), "\(refused.bodyText)")
        }
        #expect(try Self.status(server, "bob", bob) == 200)
        let after = Self.token("alice/phone", issued: before)
        #expect(try Self.status(server, "alice/phone", after) == 200)

        // Kept with the preferences: a restarted server refuses them too.
        #expect(server.terminate() == 0)
        server = try ServerProcess(["--store", store] + Self.options)
        #expect(try Self.status(server, "alice", alice) == 401)
        #expect(try Self.status(server, "alice/phone", after) == 200)
        #expect(
            try server.client.get("/revocations?scope=alice", headers: [("Authorization", "Bearer \(Self.admin)")]).bodyText
                == #"{"scope":"alice","revokedBefore":\#(before)}"#)
    }

    @Test func onlyTheServersTokenRevokesAndTheCommandTakesItFromAFileOrTheEnvironment() throws {
        let server = try ServerProcess(Self.options)
        let alice = Self.token("alice", issued: Self.now - 10)
        let byScopedToken = try server.client.put("/revocations?scope=alice", "", token: alice)
        #expect(byScopedToken.status == 403, "\(byScopedToken.bodyText)")
        #expect(try server.client.put("/revocations?scope=alice", "").status == 401)
        #expect(try Self.status(server, "alice", alice) == 200)
        let environment = PinnedFonts.environment.filter { $0.key != "FONTD_TOKEN" }
        let run = try CommandRunner.run(
            ["token", "revoke", "--scope", "alice", "--server", server.url.absoluteString], environment: environment)
        #expect(run.status != 0)
        #expect(run.standardError.contains("needs the server's token, from --token-file FILE or FONTD_TOKEN"), "\(run.standardError)")
        #expect(!run.standardError.contains("--token "), "no --token on revoke's command line")
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("admin-token")
        try Data((Self.admin + "\n").utf8).write(to: file)
        let fromFile = try CommandRunner.run(
            ["token", "revoke", "--scope", "carol", "--token-file", file.path, "--server", server.url.absoluteString],
            environment: environment)
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(fromFile.standardOutput.hasPrefix("Revoked the tokens of carol"), "\(fromFile.standardOutput)")
        let revoked = try CommandRunner.run(
            ["token", "revoke", "--scope", "alice/phone", "--server", server.url.absoluteString],
            environment: environment.merging(["FONTD_TOKEN": Self.admin]) { $1 })
        #expect(revoked.status == 0, "\(revoked.standardError)")
        #expect(
            revoked.standardOutput.hasPrefix("Revoked the tokens of alice/phone and the scopes below it issued before 20"),
            "\(revoked.standardOutput)")
        #expect(try Self.status(server, "alice", alice) == 200, "a revocation below the token's scope leaves it")
    }

    @Test func aRevocationThroughOneReplicaIsHonouredByTheOther() throws {
        let cluster = try PostgresCluster()
        let url = cluster.url(database: try cluster.createDatabase())
        let a = try ServerProcess(["--store", url] + Self.options)
        let b = try ServerProcess(["--store", url] + Self.options)
        let alice = Self.token("alice", issued: Self.now - 10)
        // Both replicas have verified and remembered it.
        #expect(try Self.status(a, "alice", alice) == 200)
        #expect(try Self.status(b, "alice", alice) == 200)
        // Streams on the other replica: alice's ends with the revocation, bob's goes on.
        let bob = Self.token("bob", issued: Self.now - 10)
        let aliceStream = try EventStreamClient(port: b.port, query: "?scope=alice/phone&access_token=\(alice)", timeoutSeconds: 10)
        let bobStream = try EventStreamClient(port: b.port, query: "?scope=bob&access_token=\(bob)", timeoutSeconds: 10)
        #expect(try aliceStream.next().event == "preferences")
        #expect(try bobStream.next().event == "preferences")

        let revoked = try a.client.put("/revocations?scope=alice", "", token: Self.admin)
        try #require(revoked.status == 200, "\(revoked.bodyText)")
        let before = try Self.revokedBefore(revoked)
        #expect(try Self.status(a, "alice", alice) == 401)
        // How soon the other replica hears of it is a benchmark's figure (Benchmarks/outage.sh).
        try Wait.until("the other replica to refuse the revoked token") { try Self.status(b, "alice", alice) == 401 }
        #expect(try aliceStream.next() == ServerSentEvent(id: nil, event: "tokenExpired", data: #"{"reason":"revoked"}"#))
        _ = try aliceStream.connection.readUntilClosed()
        #expect(try a.client.put("/category?scope=bob", #"{"category":"xl"}"#, token: Self.admin).status == 200)
        #expect(try bobStream.next().event == "contentSizeCategoryDidChange")

        // A replica started afterwards reads it at start; a token issued after it works everywhere.
        let c = try ServerProcess(["--store", url] + Self.options)
        #expect(try Self.status(c, "alice/phone", alice) == 401)
        let after = Self.token("alice", issued: before)
        for replica in [a, b, c] { #expect(try Self.status(replica, "alice", after) == 200) }
    }
}
