import FontdTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// A store whose write-ahead log is removed under a running server takes no more changes, rather
/// than acknowledge what a crash would lose, and says so once (docs/DESIGN.md §12 (The store and the state
/// file)).
@Suite(.ownThread) struct WriteAheadLogRemovalTests {
    static let token = "wal-removed"

    @Test func aRemovedLogStopsChangesWithOneLogLineAndAKillLosesNothingAcknowledged() throws {
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("fontd.sqlite").path
        let arguments = ["--token", Self.token, "--store", store]
        var acknowledged = AcknowledgedChanges()
        var server = try ServerProcess(arguments)
        for index in 0..<20 {
            let category = index % 2 == 0 ? "xl" : "l"
            let answer = try server.client.put("/category", #"{"category":"\#(category)"}"#, token: Self.token)
            #expect(answer.status == 200)
            try acknowledged.record(answer, category: category)
        }
        #expect(unlink(store + "-wal") == 0, "\(String(cString: strerror(errno)))")

        for _ in 0..<3 {
            let refused = try server.client.put("/category", #"{"category":"ax5"}"#, token: Self.token)
            #expect(refused.status == 503, "\(refused.bodyText)")
            #expect(refused.bodyText.contains(#""error":"unavailable""#), "\(refused.bodyText)")
            #expect(
                refused.bodyText.contains("The write-ahead log of the store \(store) (\(store)-wal) was removed or replaced"),
                "\(refused.bodyText)")
            #expect(refused.bodyText.contains("Restart fontd serve to recover"), "\(refused.bodyText)")
        }
        #expect(try server.client.get("/category").bodyText.contains(#""category":"l""#), "a refused change was served")

        // The crash the report followed the removal with.
        kill(server.process.processIdentifier, SIGKILL)
        let log = server.standardErrorAfterExit()
        #expect(log.components(separatedBy: "write-ahead log of the store").count - 1 == 1, "said once in the log: \(log)")

        server = try ServerProcess(arguments)
        defer { server.stop() }
        // Measured: the 20 changes acknowledged before the removal are all there (the refusal
        // copied SQLite's log into the store file first); the refused ones are not.
        try acknowledged.expectAllKept(by: server, "after the removal and a kill")
        let next = try server.client.put("/category", #"{"category":"ax5"}"#, token: Self.token)
        #expect(next.status == 200, "a restart did not recover: \(next.bodyText)")
    }
}
