import DynamicType
import FontdTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// `fontd serve` started as systemd starts a service (docs/DESIGN.md §29 (A desktop service)): on the socket of a
/// socket unit, passed by Debian's `systemd-socket-activate`, and telling `$NOTIFY_SOCKET` when it
/// is ready, when it stops, and that its event loops still turn.
@Suite(.ownThread) struct SystemdStartTests {
    /// What fontd says to any socket it cannot serve on, after what was passed.
    static let allowed = "fontd serve takes exactly one listening TCP socket (one ListenStream= of an address and port)."

    /// A server started by `systemd-socket-activate` on `127.0.0.1:port`, once `request` has been
    /// sent on the connection that starts it; that connection too.
    private static func activatedServer(
        _ arguments: [String], port: Int, request: String, environment: [String: String] = PinnedFonts.environment
    ) throws -> (ServerProcess, first: RawHTTPConnection) {
        var first: RawHTTPConnection?
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("preferences.sqlite").path
        let server = try ServerProcess(
            ["--store", store] + arguments,
            launcher: SocketActivation.launcher(listeningOn: ["127.0.0.1:\(port)"], passing: environment),
            environment: environment,
            whileStarting: {
                first = try SocketActivation.firstConnection(port: port)
                try first?.send(request)
            })
        return (server, try #require(first))
    }

    @Test func theFirstRequestIsAnsweredOnTheInheritedSocket() throws {
        let port = try SocketActivation.freePort()
        let (server, first) = try Self.activatedServer(
            [], port: port, request: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Sent before fontd ran: the inherited socket queued it.
        let answer = try first.readResponse()
        #expect(answer.status == 200)
        #expect(answer.bodyText == #"{"status":"ok","version":"\#(FontdVersion.current)"}"#)
        // The ready line gives the inherited socket's address, not --port 0's choice.
        #expect(server.readyLine == "fontd listening on http://127.0.0.1:\(port)\n")
        try first.send("GET /font?style=body&category=xl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let font = try first.readResponse()
        #expect(font.status == 200)
        #expect(font.bodyText.contains(#""pointSize":19"#))
        #expect(server.terminate() == 0)
        #expect(server.standardErrorAfterExit().contains("--host and --port are not used"))
    }

    @Test func bothEventLoopsServeTheInheritedSocket() throws {
        let port = try SocketActivation.freePort()
        let (server, first) = try Self.activatedServer(
            ["--threads", "2", "--log-level", "trace"], port: port, request: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try first.readResponse().status == 200)
        // Held open at once, so that the accepting loop hands some to the other (docs/DESIGN.md §13 (The server)).
        let held = try (0..<8).map { _ in try server.connect() }
        for connection in held {
            try connection.send("GET /categories HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        for connection in held {
            #expect(try connection.readResponse().status == 200)
        }
        // Each loop logs the connections it serves; the log is drained as it comes.
        let loopsServing = try Wait.value("both loops to log a connection", seen: { server.standardError() }) { () -> Set<String>? in
            let loops = Set(
                server.standardError().split(separator: "\n").filter { $0.contains(" connection opened ") }.compactMap { line in
                    line.split(separator: " ").first { $0.hasPrefix("loop=") }.map(String.init)
                })
            return loops.count >= 2 ? loops : nil
        }
        #expect(loopsServing == ["loop=0", "loop=1"])
        #expect(server.terminate() == 0)
    }

    @Test func readyComesOnceTheSocketAnswersAndStoppingOnSigterm() throws {
        let notify = try NotifySocket()
        var environment = PinnedFonts.environment
        environment["NOTIFY_SOCKET"] = notify.path
        let port = try SocketActivation.freePort()
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("preferences.sqlite").path
        var ready: [String] = []
        var answerAtOnce: TestResponse?
        let server = try ServerProcess(
            ["--store", store, "--threads", "2"], port: port, environment: environment,
            whileStarting: {
                ready = notify.receive(until: "READY=1")
                // At once: had READY=1 come before the socket listened, this connection would be refused.
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                answerAtOnce = try connection.readResponse()
            })
        #expect(ready == ["READY=1\nMAINPID=\(server.process.processIdentifier)"])
        #expect(answerAtOnce?.status == 200)
        #expect(notify.receive(timeoutSeconds: 0) == nil, "nothing before the stop")

        #expect(server.terminate() == 0)
        #expect(notify.receive(timeoutSeconds: 5) == "STOPPING=1")
    }

    @Test func readyReachesAnAbstractNotifySocket() throws {
        let notify = try NotifySocket(abstract: true)
        var environment = PinnedFonts.environment
        environment["NOTIFY_SOCKET"] = notify.path
        let server = try ServerProcess(environment: environment)
        #expect(notify.receive(until: "READY=1") == ["READY=1\nMAINPID=\(server.process.processIdentifier)"])
        #expect(server.terminate() == 0)
    }

    @Test func watchdogPingsComeAtHalfTheInterval() throws {
        let notify = try NotifySocket()
        var environment = PinnedFonts.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment["WATCHDOG_USEC"] = "200000"
        let server = try ServerProcess(["--threads", "2"], environment: environment)
        #expect(notify.receive(until: "READY=1").last?.hasPrefix("READY=1") == true)
        var pings: [ContinuousClock.Instant] = []
        while pings.count < 4, let datagram = notify.receive(timeoutSeconds: 5) {
            #expect(datagram == "WATCHDOG=1")
            pings.append(.now)
        }
        #expect(pings.count == 4)
        // Every 100 ms: three intervals cannot pass in much less than 300 ms.
        if let first = pings.first, let last = pings.last {
            #expect(first.duration(to: last) >= .milliseconds(250))
        }
        #expect(server.terminate() == 0)
    }

    /// `WATCHDOG_USEC=1` would have fontd ping as fast as it can: the interval is floored at 100 ms,
    /// and the log says so. Pings come no faster than the floor allows over the server's whole life.
    @Test func aWatchdogIntervalBelowTheFloorIsRaisedAndLogged() throws {
        let notify = try NotifySocket()
        var environment = PinnedFonts.environment
        environment["NOTIFY_SOCKET"] = notify.path
        environment["WATCHDOG_USEC"] = "1"
        let started = ContinuousClock.now
        let server = try ServerProcess(["--threads", "2"], environment: environment)
        #expect(notify.receive(until: "READY=1").last?.hasPrefix("READY=1") == true)
        #expect(notify.receive(timeoutSeconds: 5) == "WATCHDOG=1", "the pings still come")
        #expect(server.terminate() == 0)
        let lived = started.duration(to: .now)
        var pings = 1
        while let datagram = notify.receive(timeoutSeconds: 0.5), !datagram.hasPrefix("STOPPING=1") {
            if datagram == "WATCHDOG=1" { pings += 1 }
        }
        // An upper bound only: a busy machine makes fewer pings, never more.
        let allowed = Int(Double(lived.components.seconds) / 0.1) + 12
        #expect(pings <= allowed, "\(pings) pings in \(lived)")
        let log = server.standardErrorAfterExit()
        #expect(
            log.contains("WATCHDOG_USEC asks for a watchdog ping every 5e-07 s; fontd pings every 0.1 s instead, its floor"), "\(log)")
    }

    @Test func twoInheritedSocketsAreRefused() throws {
        let ports = [try SocketActivation.freePort(), try SocketActivation.freePort()]
        let fontd = try #require(TestPaths.fontdExecutable)
        let store = try TestPaths.temporaryDirectory().appendingPathComponent("preferences.sqlite").path
        let launcher = SocketActivation.launcher(listeningOn: ports.map { "127.0.0.1:\($0)" }, passing: PinnedFonts.environment)
        let command = try CommandProcess(
            program: URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [fontd.path, "serve", "--store", store],
            environment: PinnedFonts.environment)
        let first = try SocketActivation.firstConnection(port: ports[0])
        #expect(command.waitForExit(seconds: 20) == 1)
        #expect(command.allLines.isEmpty, "no ready line: \(command.allLines)")
        let lines = command.standardError.split(separator: "\n")
        #expect(lines.last.map(String.init) == "LISTEN_FDS=2: descriptors 3 to 4 were passed; \(Self.allowed)")
        #expect(!lines.contains { $0.contains("fontd:") }, "nothing logged: \(lines)")
        _ = first
        #expect(!FileManager.default.fileExists(atPath: store), "the store was not opened")
    }

    /// What may stand at descriptor 3, made by a shell, and what fontd says it is.
    enum NotAListener: String, CaseIterable {
        case regularFile = "a regular file"
        case characterDevice = "a character device"
        case streamThatDoesNotListen = "a TCP socket that does not listen"

        /// A shell command that puts it at descriptor 3, then runs `"$@"` with LISTEN_PID and LISTEN_FDS for it.
        func script(file: String) -> String {
            let open =
                switch self {
                case .regularFile: "exec 3<\(file)"
                case .characterDevice: "exec 3</dev/null"
                // A connected socket: bash opens one to a listening address (its own port's).
                case .streamThatDoesNotListen: "exec 3<>/dev/tcp/127.0.0.1/$PORT"
                }
            return "\(open); LISTEN_PID=$$ LISTEN_FDS=1 exec \"$@\""
        }
    }

    @Test(arguments: NotAListener.allCases)
    func aDescriptorThatIsNotAListeningSocketIsRefused(_ kind: NotAListener) throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("not-a-socket").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let store = directory.appendingPathComponent("preferences.sqlite").path
        let fontd = try #require(TestPaths.fontdExecutable)
        // Something listening, for the connected socket to connect to.
        let other = kind == .streamThatDoesNotListen ? try ServerProcess() : nil
        var environment = PinnedFonts.environment
        environment["PORT"] = other.map { String($0.port) }
        let result = try CommandRunner.run(
            ["-c", kind.script(file: file), "bash", fontd.path, "serve", "--store", store],
            executable: URL(fileURLWithPath: "/bin/bash"), environment: environment, timeoutSeconds: 20)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "LISTEN_FDS=1: descriptor 3 is \(kind.rawValue), not a listening TCP socket; \(Self.allowed)\n")
        #expect(!FileManager.default.fileExists(atPath: store), "the store was not opened")
    }

    @Test func aDatagramSocketIsRefused() throws {
        let port = try SocketActivation.freePort()
        let fontd = try #require(TestPaths.fontdExecutable)
        let launcher = SocketActivation.launcher(listeningOn: ["127.0.0.1:\(port)"], datagram: true, passing: PinnedFonts.environment)
        let command = try CommandProcess(
            program: URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [fontd.path, "serve"],
            environment: PinnedFonts.environment)
        // A datagram is what starts it: sent until the launcher is there to take it.
        let sender = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(sender) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = try Wait.value("the command to exit") { () -> Int32? in
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(sender, "x", 1, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            return command.waitForExit(seconds: 0.05)
        }
        #expect(status == 1)
        #expect(
            command.standardError.split(separator: "\n").last.map(String.init)
                == "LISTEN_FDS=1: descriptor 3 is a datagram socket, not a listening TCP socket; \(Self.allowed)")
    }

    @Test func aNonLoopbackInheritedSocketNeedsAToken() throws {
        let port = try SocketActivation.freePort()
        let fontd = try #require(TestPaths.fontdExecutable)
        let launcher = SocketActivation.launcher(listeningOn: ["0.0.0.0:\(port)"], passing: PinnedFonts.environment)
        let command = try CommandProcess(
            program: URL(fileURLWithPath: launcher[0]), Array(launcher.dropFirst()) + [fontd.path, "serve"],
            environment: PinnedFonts.environment)
        let first = try SocketActivation.firstConnection(port: port)
        #expect(command.waitForExit(seconds: 20) != 0)
        #expect(command.allLines.isEmpty)
        #expect(command.standardError.contains("Refusing to listen on 0.0.0.0:\(port) (the socket systemd passed) without a token"))
        _ = first
    }

    @Test func socketsMeantForAnotherProcessAreLeftAlone() throws {
        var environment = PinnedFonts.environment
        environment["LISTEN_PID"] = "1"
        environment["LISTEN_FDS"] = "1"
        let server = try ServerProcess(environment: environment)
        #expect(server.port != 0)
        try server.expectStillServing()
        #expect(!server.standardError().contains("socket systemd passed"))
        #expect(server.terminate() == 0)
    }
}
