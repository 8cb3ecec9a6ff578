import FontdTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// What one client can do to the server: memory and answers stay bounded and due whatever a
/// peer does (docs/DESIGN.md §13 (The server), §15 (Timeouts, overload and shutdown)).
@Suite(.ownThread) struct HostileClientTests {
    @Test func aClientPipeliningWithoutReadingCannotTakeTheServersMemory() throws {
        let server = try ServerProcess(["--threads", "1"])
        defer { server.stop() }
        let flood = try server.connect()
        let request = Array("GET /font?style=body HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let chunk = Array([[UInt8]](repeating: request, count: 65536 / request.count).joined())
        // Send up to 200 MB of requests and never read an answer; stop once the server has not
        // taken a byte for 2 s (it stopped reading, and TCP holds the client back).
        var sent = 0
        while sent < 200 << 20 {
            var writable = pollfd(fd: flood.descriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&writable, 1, 2000) == 1 else { break }
            let count = chunk.withUnsafeBytes { send(flood.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { continue }
            try #require(count > 0, "the server closed the connection after \(sent) bytes")
            sent += count
        }
        let resident = try residentBytes(of: server.process.processIdentifier)
        #expect(resident < 64 << 20, "the server holds \(resident >> 20) MiB after \(sent >> 20) MiB of unread pipelined requests")
        #expect(try server.client.get("/healthz").status == 200, "another connection is still answered")
    }

    @Test func outOfDescriptorsEveryNewConnectionIsAnsweredOrClosed() throws {
        try raiseDescriptorLimit(to: 2048)
        let server = try ServerProcess(["--threads", "2"], launcher: ["prlimit", "--nofile=1024:1024"])
        defer { server.stop() }
        // More idle clients than the server has descriptors, arriving at once (so that both
        // loops run out together): none of them sends anything.
        let idle = try connectConcurrently(1100, to: server, threads: 8)
        let fresh = try connectConcurrently(40, to: server, threads: 4)
        for connection in fresh { try? connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        var unanswered = 0
        for connection in fresh {
            do {
                let answer = try connection.readResponse()
                #expect([200, 503].contains(answer.status), "a new connection got \(answer.status)")
            } catch RawHTTPConnection.ClientError.closed {
                // A close is an answer too: the client knows at once.
            } catch {
                unanswered += 1
            }
        }
        #expect(unanswered == 0, "\(unanswered) of 40 new connections got neither a 503 nor a close within 5 s")
        withExtendedLifetime(idle) {}
    }

    @Test func aHalfClosedPipelineIsAnsweredToTheEnd() throws {
        let server = try ServerProcess(["--token", "hostile"])
        defer { server.stop() }
        let connection = try server.connect()
        func put(_ category: String) -> String {
            let body = "{\"category\":\"\(category)\"}"
            return
                "PUT /category HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer hostile\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        try connection.send(put("xl") + put("xxl") + "GET /category HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        connection.shutdownWrite()
        let answers = try (0..<3).map { _ in try connection.readResponse() }
        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(answers[2].bodyText.contains("\"category\":\"xxl\""), "the GET sees both PUTs: \(answers[2].bodyText)")
        #expect(connection.closedByServer())
    }

    @Test func serveBlocksItsSignalsInEveryThreadAndIgnoresSIGHUP() throws {
        // Started as a shell or systemd starts it: no signal blocked or ignored (this test
        // process's own mask and dispositions would otherwise be inherited).
        let server = try ServerProcess(["--threads", "2"], launcher: Self.defaultSignalState)
        defer { server.stop() }
        let pid = server.process.processIdentifier
        #expect(try server.client.get("/healthz").status == 200, "the event loops are running")
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        #expect(threads.count >= 3, "the main thread and two event loops")
        for thread in threads {
            let status = try String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
            let mask = try #require(UInt64(line.split(separator: "\t").last.map(String.init) ?? "", radix: 16))
            for signal in [SIGHUP, SIGINT, SIGTERM] {
                #expect(mask & (1 << UInt64(signal - 1)) != 0, "thread \(thread) does not block signal \(signal): SigBlk \(line)")
            }
        }
        kill(pid, SIGHUP)
        #expect(try server.client.get("/healthz").status == 200, "SIGHUP does not stop the server")
        #expect(server.terminate() == 0, "SIGTERM still stops it gracefully")
    }
}

/// `count` connections to `server`, opened by `threads` threads at once.
func connectConcurrently(_ count: Int, to server: ServerProcess, threads: Int) throws -> [RawHTTPConnection] {
    final class Opened: @unchecked Sendable {
        let lock = NSLock()
        var connections: [RawHTTPConnection] = []
        var failure: (any Error)?
    }
    let opened = Opened()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for _ in stride(from: thread, to: count, by: threads) {
            do {
                let connection = try server.connect(timeoutSeconds: 5)
                opened.lock.withLock { opened.connections.append(connection) }
            } catch {
                opened.lock.withLock { opened.failure = error }
            }
        }
    }
    if let failure = opened.failure { throw failure }
    return opened.connections
}

extension HostileClientTests {
    /// A launcher prefix that execs the command with an empty signal mask and every signal's
    /// default disposition.
    static let defaultSignalState = [
        "python3", "-c",
        "import os, signal, sys\n"
            + "signal.pthread_sigmask(signal.SIG_SETMASK, [])\n"
            + "for number in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE): signal.signal(number, signal.SIG_DFL)\n"
            + "os.execv(sys.argv[1], sys.argv[1:])",
    ]
}

/// The resident memory of process `pid` in bytes, from /proc/PID/status.
func residentBytes(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// Raises this process's soft descriptor limit to at least `wanted` (within the hard limit).
func raiseDescriptorLimit(to wanted: Int) throws {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    guard limit.rlim_cur < rlim_t(wanted) else { return }
    limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    try #require(limit.rlim_cur >= rlim_t(wanted), "the test needs \(wanted) descriptors; the hard limit is \(limit.rlim_max)")
}
