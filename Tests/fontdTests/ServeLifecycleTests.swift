import DynamicType
import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

/// Overload, descriptor exhaustion and shutdown, each on a server of its own.
@Suite(.ownThread) struct ServeLifecycleTests {
    @Test func connectionsPastTheCapAre503() throws {
        let server = try ServerProcess(["--max-connections", "3", "--threads", "2"])
        var held = try (0..<3).map { _ in try server.connect() }
        for connection in held {
            try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
        let extra = try server.connect()
        let refused = try extra.readResponse()
        #expect(refused.status == 503)
        #expect(refused.bodyText.contains(#""error":"unavailable""#))
        #expect(extra.closedByServer())

        // The held connections still work, and a freed slot is taken again.
        try held[0].send("GET /categories HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(try held[0].readResponse().status == 200)
        #expect(held[0].closedByServer())
        held.removeFirst()  // closes our end, which frees the slot once the server sees it closed
        try Wait.until("the freed slot taken again") { try server.client.get("/healthz").status == 200 }
    }

    /// A reported flaw: each loop bound a listener of its own with `SO_REUSEPORT`, so a second
    /// `fontd serve` on a port in use started, said it was listening, and took half the requests.
    @Test func aSecondServerOnAnAddressInUseExitsAndTheFirstKeepsEveryRequest() throws {
        let first = try ServerProcess(["--threads", "2"])
        #expect(try first.client.put("/category", #"{"category":"ax5"}"#).status == 200)

        let otherStore = try TestPaths.temporaryDirectory().appendingPathComponent("preferences.db").path
        let second = try CommandRunner.run(
            ["serve", "--port", String(first.port), "--threads", "2", "--store", otherStore], timeoutSeconds: 10)
        #expect(second.status == 1)
        #expect(
            second.standardError
                == "fontd: error: 127.0.0.1:\(first.port) is in use: a fontd \(FontdVersion.current) already serves there "
                + "(fontd health --server http://127.0.0.1:\(first.port) asks it); stop it, or give this server another port with --port "
                + "(--port 0 takes any free one).\n")
        #expect(second.standardOutput.isEmpty, "no ready line: \(second.standardOutput)")

        var answeredByTheFirst = 0
        for _ in 0..<100 {
            if try first.client.get("/category").bodyText.contains(#""category":"ax5""#) { answeredByTheFirst += 1 }
        }
        #expect(answeredByTheFirst == 100)
    }

    @Test func outOfDescriptorsRefusesWithoutSpinningAndRecovers() throws {
        let server = try ServerProcess(["--threads", "2"], launcher: ["prlimit", "--nofile=48:48"])
        var accepted: [RawHTTPConnection] = []
        var refused = 0
        for _ in 0..<80 {
            let connection = try server.connect()
            try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = try connection.readResponse()
            if answer.status == 200 {
                accepted.append(connection)
            } else {
                #expect(answer.status == 503)
                #expect(connection.closedByServer())
                refused += 1
            }
        }
        #expect(accepted.count >= 10, "only \(accepted.count) connections were accepted")
        #expect(refused >= 20, "only \(refused) connections were refused")

        // Out of descriptors and idle: the server must not be burning CPU on accept().
        let before = try server.cpuSeconds()
        usleep(1_000_000)  // the idle second whose CPU is measured
        let used = try server.cpuSeconds() - before
        #expect(used < 0.2, "the server used \(used) s of CPU in 1 s while out of descriptors")

        for connection in accepted.prefix(5) {
            try connection.send("GET /categories HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
        accepted.removeFirst(accepted.count / 2)
        try Wait.until("a connection accepted after descriptors were freed") { try server.client.get("/healthz").status == 200 }
    }

    @Test func sigtermLetsRequestsInFlightFinishThenExitsZero() throws {
        let server = try ServerProcess(["--threads", "2", "--header-timeout", "5"])
        let partial = try server.connect()
        try partial.send("GET /font?style=body&category=xl HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let body = try server.connect()
        try body.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nab")
        let idle = try server.connect()
        try idle.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        usleep(100_000)  // the two partial requests reach the server before the signal; it tells nothing of a partial request

        kill(server.process.processIdentifier, SIGTERM)
        usleep(200_000)  // not an event to await: that the server is still running a moment later is the point
        #expect(server.process.isRunning, "the server exited with requests in flight")
        #expect(idle.closedByServer(), "an idle keep-alive connection should be closed at once")
        #expect(throws: (any Error).self) { _ = try server.connect() }

        try partial.send("\r\n")
        let answer = try partial.readResponse()
        #expect(answer.status == 200)
        #expect(answer.bodyText.contains(#""pointSize":19"#))
        #expect(answer.header("Connection")?.lowercased() == "close")
        try body.send("cd")
        #expect(try body.readResponse().status == 200)

        #expect(server.terminate(timeoutSeconds: 10) == 0)
    }
}
