import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// An event stream outlives no token (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): a
/// stream opened with a scoped token gets a last `tokenExpired` and is closed once fontd counts
/// the token expired, its `exp` plus the 30 s leeway, and not before (how soon after is a
/// benchmark's figure, not this test's).
@Suite(.ownThread) struct TokenExpiryStreamTests {
    static let leewaySeconds = 30.0

    /// Reads `stream` up to its last event, which must be `tokenExpired`, not before `expiry` (a
    /// busy machine only delays it), and then the server's close.
    private func expectEnd(of stream: EventStreamClient, at expiry: Date, _ how: String) throws {
        #expect(try stream.next().event == "preferences", "\(how)")
        let last = try stream.next()
        let arrived = Date()
        #expect(last.event == "tokenExpired", "\(how): \(last)")
        #expect(last.data == #"{"reason":"expired"}"#, "\(how)")
        #expect(arrived.timeIntervalSince(expiry) > -0.05, "\(how): ended \(-arrived.timeIntervalSince(expiry)) s before its expiry")
        _ = try stream.connection.readUntilClosed()
    }

    @Test func aStreamEndsWithTokenExpiredAtItsTokensExpiry() throws {
        let server = try ServerProcess(["--token", "admin-token", "--jwt-secret", ScopedTokens.secret])
        // exp 27 s ago: with the leeway, fontd counts the token expired 3 s from now.
        let exp = Int(Date().timeIntervalSince1970) - 27
        let token = ScopedTokens.handMade(payload: #"{"scope":"alice","exp":\#(exp)}"#)
        let expiry = Date(timeIntervalSince1970: Double(exp) + Self.leewaySeconds)
        let byQuery = try EventStreamClient(
            port: server.port, query: "?scope=alice/phone&access_token=\(token)", timeoutSeconds: Wait.defaultSeconds)
        let byHeader = try EventStreamClient(
            port: server.port, query: "?scope=alice", headers: [("Authorization", "Bearer \(token)")], timeoutSeconds: Wait.defaultSeconds)
        let admin = try EventStreamClient(
            port: server.port, query: "?scope=alice", headers: [("Authorization", "Bearer admin-token")],
            timeoutSeconds: Wait.defaultSeconds)
        #expect(byQuery.head.status == 200 && byHeader.head.status == 200 && admin.head.status == 200)
        #expect(try admin.next().event == "preferences")
        try expectEnd(of: byQuery, at: expiry, "access_token=")
        try expectEnd(of: byHeader, at: expiry, "Authorization")
        // The server's token has no expiry: its stream still gets alice's changes.
        #expect(try server.client.put("/category?scope=alice", #"{"category":"xl"}"#, token: "admin-token").status == 200)
        #expect(try admin.next().event == "contentSizeCategoryDidChange")
        // And the expired token opens no new stream.
        #expect(try EventStreamClient(port: server.port, query: "?scope=alice&access_token=\(token)").head.status == 401)
    }
}
