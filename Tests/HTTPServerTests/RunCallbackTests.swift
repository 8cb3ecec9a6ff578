import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ServerTestSupport
import Synchronization
import Testing

/// Answers `/hold` only once the test lets it go, holding its event loop until then.
struct HoldingResponder: HTTPResponder {
    final class Gate: Sendable {
        let holding = Atomic<Bool>(false)
        let open = DispatchSemaphore(value: 0)
    }

    let gate = Gate()

    func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
        if request.path == "/hold" {
            gate.holding.store(true, ordering: .releasing)
            gate.open.wait()
        }
        return .response(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("ok".utf8)))
    }
}

/// What `HTTPServer.run`'s callbacks reported, from its thread.
final class RunReport: Sendable {
    let started = Atomic<Int>(0)
    let stopping = Atomic<Int>(0)
    let beats = Atomic<Int>(0)
    let returned = Atomic<Bool>(false)

    /// Waits until `condition` holds.
    func wait(for awaited: String, until condition: () -> Bool) throws {
        try Wait.until(awaited, seen: { "started \(started.load(ordering: .relaxed)), beats \(beats.load(ordering: .relaxed))" }, condition)
    }
}

/// `HTTPServer.run`'s callbacks: started once every loop turns, stopping before the graceful
/// stop, and a heartbeat that beats only while every loop answers (docs/DESIGN.md §29 (A desktop service)).
@Suite(.ownThread) struct RunCallbackTests {
    @Test func theHeartbeatStopsWhileALoopIsHeldAndTheCallbacksComeInOrder() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let responder = HoldingResponder()
        let server = try HTTPServer(configuration: configuration, responder: responder, logger: Logger(label: "test"))
        let report = RunReport()
        Thread.detachNewThread {
            try? server.run(
                onStarted: { report.started.add(1, ordering: .relaxed) },
                onStopping: { report.stopping.add(1, ordering: .relaxed) },
                heartbeat: HTTPHeartbeat(intervalSeconds: 0.02) { report.beats.add(1, ordering: .relaxed) })
            report.returned.store(true, ordering: .releasing)
        }
        try report.wait(for: "the start") { report.started.load(ordering: .relaxed) == 1 }
        try report.wait(for: "three beats") { report.beats.load(ordering: .relaxed) >= 3 }

        let held = try RawHTTPConnection(port: server.port)
        try held.send("GET /hold HTTP/1.1\r\nHost: t\r\n\r\n")
        try report.wait(for: "the loop held") { responder.gate.holding.load(ordering: .acquiring) }
        let whenHeld = report.beats.load(ordering: .relaxed)
        // Fifteen intervals, in which a turning loop would give fifteen beats; the roll call
        // answered just before the hold may give one. Not an event to await: its absence is the point.
        usleep(300_000)  // fifteen intervals without a beat: their absence is the point
        #expect(report.beats.load(ordering: .relaxed) <= whenHeld + 1)

        responder.gate.open.signal()
        #expect(try held.readResponse().status == 200)
        let whenLetGo = report.beats.load(ordering: .relaxed)
        try report.wait(for: "the beats to come back") { report.beats.load(ordering: .relaxed) >= whenLetGo + 2 }

        #expect(report.stopping.load(ordering: .relaxed) == 0)
        server.stop()
        try report.wait(for: "run to return") { report.returned.load(ordering: .acquiring) }
        #expect(report.stopping.load(ordering: .relaxed) == 1)
        #expect(report.started.load(ordering: .relaxed) == 1)
    }
}
