import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// A subscriber left alone while nothing changes sleeps: apps keep `preferenceChanges()` open
/// all day. (URLSession on Linux once kept a core busy for as long as a stream was quiet.)
/// This catches a busy loop, not a speed target: Benchmarks/idle-subscriber.sh measures.
@Suite struct IdleSubscriberTests {
    enum Subscriber: String, CaseIterable, Sendable {
        /// `fontd watch`.
        case watch
        /// The README's example program, a `FontdClient.preferenceChanges()` consumer.
        case followBodyText

        func start(server: ServerProcess) throws -> CommandProcess {
            switch self {
            case .watch: try CommandProcess(["watch", "--server", server.url.absoluteString])
            case .followBodyText: try CommandProcess([server.url.absoluteString], executable: "follow-body-text")
            }
        }
    }

    @Test(arguments: Subscriber.allCases)
    func anIdleSubscriberUsesLessThanAQuarterOfACore(_ kind: Subscriber) async throws {
        let server = try ServerProcess(["--token", "idle-token"])
        let subscriber = try kind.start(server: server)
        defer { subscriber.stop() }
        try #require(subscriber.line(0) != nil, "no first line; stderr: \(subscriber.standardError)")
        let start = try subscriber.cpuSeconds()
        let seconds = 10.0
        // Asleep, not blocking: a blocked thread of the test process's small pool would stall
        // every other test's tasks for those ten seconds.
        try await Task.sleep(for: .seconds(seconds))  // the idle spell whose CPU is measured
        let used = try subscriber.cpuSeconds() - start
        #expect(used < seconds / 4, "\(kind) used \(used) CPU seconds in \(seconds) s while idle")
        // Still listening after the quiet spell.
        _ = try server.client.put("/category", #"{"category":"xl"}"#, token: "idle-token")
        // The change's line; follow-body-text also prints again on `fontsDidChange` (the first
        // event of a resumed stream), so a reconnection under load may put one line before it.
        let lines = (1...3).lazy.compactMap { subscriber.line($0) }
        #expect(lines.contains { $0.text.contains("xl") }, "no line at xl after the change; stderr: \(subscriber.standardError)")
    }
}
