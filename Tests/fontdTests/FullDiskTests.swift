import FontdTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// A store on a full disk refuses changes with one sentence, takes them again by itself once
/// there is room, starts and serves on the full disk, and loses nothing it acknowledged
/// (docs/DESIGN.md §12 (The store and the state file)). On a real 256-KiB tmpfs, as the report's.
@Suite(.serialized, .ownThread) struct FullDiskTests {
    static let token = "full-disk"

    /// PUTs alternating categories on fresh connections, `count` of them or until one is refused;
    /// the refusal (nil when none).
    private static func put(
        _ count: Int, to server: ServerProcess, recording acknowledged: inout AcknowledgedChanges
    ) throws -> TestResponse? {
        for _ in 0..<count {
            let category = (acknowledged.last?.category ?? "l") == "l" ? "xl" : "l"
            let answer = try server.client.put("/category", #"{"category":"\#(category)"}"#, token: token)
            guard answer.status == 200 else { return answer }
            try acknowledged.record(answer, category: category)
        }
        return nil
    }

    /// The one-line refusal of a full disk: 503 `unavailable`, naming the store.
    private static func expectFullDiskRefusal(_ answer: TestResponse, store: String) {
        #expect(answer.status == 503, "\(answer.status) \(answer.bodyText)")
        #expect(answer.bodyText.contains(#""error":"unavailable""#), "\(answer.bodyText)")
        #expect(answer.bodyText.contains("The disk holding \(store) is full: the change was not made."), "\(answer.bodyText)")
        #expect(!answer.bodyText.contains("\\n"), "the message is one line: \(answer.bodyText)")
    }

    @Test func aFullDiskRefusesChangesInOneLineUntilThereIsRoomAndARestartOnItServes() throws {
        let disk = try SmallDisk(kibibytes: 256)
        let store = disk.path + "/fontd.sqlite"
        let arguments = ["--token", Self.token, "--store", store]
        var acknowledged = AcknowledgedChanges()

        var server = try ServerProcess(arguments)
        #expect(try Self.put(20, to: server, recording: &acknowledged) == nil, "a store with room refused a change")
        try disk.fill()
        #expect(disk.freeBytes == 0)
        // A log that reuses its own room takes some changes even on a full disk; then each is refused.
        let refused = try #require(try Self.put(2000, to: server, recording: &acknowledged), "2000 changes taken on a full disk")
        Self.expectFullDiskRefusal(refused, store: store)
        for _ in 0..<5 {
            let again = try #require(
                try Self.put(1, to: server, recording: &acknowledged), "a change was taken on a full disk after a refusal")
            Self.expectFullDiskRefusal(again, store: store)
        }
        let health = try server.client.get("/healthz").bodyText
        #expect(health.contains("degraded") && health.contains("the disk holding \(store) is full"), "\(health)")
        print("full disk: \(acknowledged.count) changes acknowledged, then refused")

        // Room again: the very next change is taken, without a restart.
        disk.free()
        #expect(try Self.put(5, to: server, recording: &acknowledged) == nil, "changes still refused once the disk had room")
        #expect(try server.client.get("/healthz").bodyText.contains(#""ok""#))

        // A restart on the full disk: killed, as a crash would, and again after a clean stop.
        try disk.fill()
        _ = try Self.put(2000, to: server, recording: &acknowledged)
        server.stop()
        // Said once for each time the disk filled, and once when there was room again.
        let log = server.standardErrorAfterExit()
        let lines = log.split(separator: "\n").filter { $0.contains("the disk holding \(store) is full") }
        #expect(lines.filter { $0.contains("changes are refused") }.count == 2, "\(log)")
        #expect(lines.filter { $0.contains("reachable again") }.count == 1, "\(log)")
        server = try ServerProcess(arguments)
        try acknowledged.expectAllKept(by: server, "after a kill on the full disk")
        Self.expectFullDiskRefusal(try #require(try Self.put(1, to: server, recording: &acknowledged)), store: store)
        #expect(server.terminate() == 0)
        server = try ServerProcess(arguments)
        try acknowledged.expectAllKept(by: server, "after a stop and a start on the full disk")

        disk.free()
        #expect(try Self.put(5, to: server, recording: &acknowledged) == nil, "changes still refused once the disk had room")

        // A start on a full disk without SQLite's shared-memory index cannot make it again, and
        // opens the store in exclusive mode. The index is a cache of the log, which SQLite removes
        // when the last connection closes and rebuilds at the next open; removed here as such a
        // close would (a stop removes it or not, depending on whether the close's checkpoint ran).
        #expect(server.terminate() == 0)
        if unlink(store + "-shm") != 0 { #expect(errno == ENOENT) }
        try disk.fill()
        server = try ServerProcess(arguments)
        try acknowledged.expectAllKept(by: server, "after a start on a full disk without the index")
        let refusedAgain = try #require(try Self.put(2000, to: server, recording: &acknowledged), "2000 changes taken on a full disk")
        Self.expectFullDiskRefusal(refusedAgain, store: store)
        disk.free()
        #expect(try Self.put(5, to: server, recording: &acknowledged) == nil, "changes still refused once the disk had room")
        #expect(server.terminate() == 0)
        #expect(server.standardErrorAfterExit().contains("fontd holds the store in exclusive mode"))

        server = try ServerProcess(arguments)
        defer { server.stop() }
        try acknowledged.expectAllKept(by: server, "after a restart with room")
    }
}
