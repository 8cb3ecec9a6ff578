import FontServiceTestSupport
import FontdTestSupport
import Foundation
import ServerTestSupport
import Synchronization
import Testing

/// Junk tokens cannot grow the server's memory (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): one
/// over 4 KiB is refused before the verifier, and the verifier remembers outcomes by
/// digest within a byte bound. The attack run sent 25,000 tokens of 15 KB and the server's RSS
/// went from 26 to 202 MB, never freed.
@Suite(.ownThread) struct TokenMemoryTests {
    /// A token-shaped junk string of `bytes` bytes, different for each `index`.
    static func junk(_ index: Int, bytes: Int) -> String {
        let head = "junk\(index)."
        return head + String(repeating: "x", count: (bytes - head.utf8.count) / 2) + "."
            + String(repeating: "y", count: bytes - head.utf8.count - (bytes - head.utf8.count) / 2 - 1)
    }

    /// Sends `count` requests with junk tokens of `bytes` bytes over `connections` kept-alive
    /// connections; every answer must be 401.
    static func send(_ server: ServerProcess, count: Int, bytes: Int, from first: Int, connections: Int = 4) throws {
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: connections) { lane in
            do {
                var connection = try server.connect(timeoutSeconds: 30)
                for index in stride(from: first + lane, to: first + count, by: connections) {
                    try connection.send(
                        "GET /preferences?scope=alice HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(junk(index, bytes: bytes))\r\n\r\n"
                    )
                    let answer = try connection.readResponse()
                    if answer.status != 401 { failures.withLock { $0.append("token \(index): \(answer.status) \(answer.bodyText)") } }
                    if answer.header("Connection")?.lowercased() == "close" { connection = try server.connect(timeoutSeconds: 30) }
                }
            } catch {
                failures.withLock { $0.append("lane \(lane): \(error)") }
            }
        }
        let found = failures.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(3))")
    }

    @Test func twentyFiveThousandJunkTokensOfEachSizeKeepTheResidentSetWithinTenMegabytes() throws {
        let server = try ServerProcess(["--token", "admin-token", "--jwt-secret", ScopedTokens.secret])
        let started = try server.residentBytes()
        // Warm-up: the cache full, the allocator's arenas and the loops' buffers at their working size.
        try Self.send(server, count: 12_000, bytes: 4000, from: 0)
        try Self.send(server, count: 2000, bytes: 15_000, from: 0)
        let warm = try server.residentBytes()
        try Self.send(server, count: 25_000, bytes: 4000, from: 100_000)
        let afterSmall = try server.residentBytes()
        try Self.send(server, count: 25_000, bytes: 15_000, from: 200_000)
        let after = try server.residentBytes()
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        print(
            "fontd RSS at start \(megabytes(started)); after warm-up \(megabytes(warm)); after 25,000 tokens of 4 KB \(megabytes(afterSmall)); after 25,000 of 15 KB \(megabytes(after))"
        )
        // 10,000 remembered outcomes of 4 KB tokens kept by the token itself would be 40 MB; by digest, 2 MiB at most.
        #expect(warm - started < 16 << 20, "\(megabytes(started)) → \(megabytes(warm))")
        #expect(afterSmall - warm < 10 << 20, "\(megabytes(warm)) → \(megabytes(afterSmall))")
        #expect(after - warm < 10 << 20, "\(megabytes(warm)) → \(megabytes(after))")
        // A token over the limit is refused for its size, not verified.
        let refused = try server.client.get(
            "/preferences?scope=alice", headers: [("Authorization", "Bearer \(Self.junk(1, bytes: 15_000))")])
        #expect(refused.bodyText.contains("a scoped token may have at most 4096"), "\(refused.bodyText)")
    }
}
