import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import ServerTestSupport
import Synchronization
import Testing

/// A temporary directory with the files the tests serve, removed when the test ends: `small`,
/// 5 MB of random bytes (also kept in `content`), and `big`, 64 MB of a sparse file that no
/// client here reads to the end.
final class ServedFiles: Sendable {
    let directory: String
    let small: String
    let big: String
    let content: [UInt8]

    static let smallLength = 5 * 1024 * 1024
    static let bigLength = 64 * 1024 * 1024

    init() throws {
        // Resolved, so the paths match what /proc/self/fd links to.
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        let directory = temporary.appendingPathComponent("fontd-file-body-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        self.directory = directory.path
        small = directory.appendingPathComponent("small").path
        big = directory.appendingPathComponent("big").path
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        let content = random.readData(ofLength: Self.smallLength)
        try random.close()
        try content.write(to: URL(fileURLWithPath: small))
        self.content = Array(content)
        try #require(FileManager.default.createFile(atPath: big, contents: nil))
        try #require(truncate(big, off_t(Self.bigLength)) == 0)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

/// Answers `/file` and `/big` with those files from disk, `/not-modified` with a 304 that names
/// the small file as its body, and anything else with `other`. Every answer opens the file anew.
struct FileResponder: HTTPResponder {
    let files: ServedFiles

    func respond(to request: HTTPRequest, context: Void) -> HTTPReply {
        let path: String
        let status: Int
        switch request.path {
        case "/file": (path, status) = (files.small, 200)
        case "/big": (path, status) = (files.big, 200)
        case "/not-modified": (path, status) = (files.small, 304)
        default: return .response(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("other".utf8)))
        }
        do {
            return .file(
                HTTPResponse(status: status, headers: [("Content-Type", "application/octet-stream")]), try HTTPFileBody(path: path))
        } catch {
            return .response(HTTPResponse(status: 500, body: Array(error.description.utf8)))
        }
    }
}

/// How many of this process's descriptors are open on `path` (the server runs in process). Only
/// those on the file are counted: the tests running alongside open and close sockets at will.
func descriptorsOpen(on path: String) -> Int {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
}

/// Waits until the server holds `count` descriptors open on `path`.
func waitForDescriptors(_ count: Int, on path: String) throws {
    try Wait.until("\(count) descriptors open on \((path as NSString).lastPathComponent)", seen: { "\(descriptorsOpen(on: path))" }) {
        descriptorsOpen(on: path) == count
    }
}

/// Where `received` first differs from `expected`, or nil when they are equal (so that a failure
/// does not print five megabytes).
func mismatch(_ received: [UInt8], _ expected: [UInt8]) -> String? {
    guard received != expected else { return nil }
    let first = zip(received, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(received.count, expected.count)
    return "\(received.count) bytes received, \(expected.count) expected; first difference at byte \(first)"
}

@Suite(.ownThread) struct FileBodyTests {
    let files: ServedFiles
    let responder: FileResponder

    init() throws {
        files = try ServedFiles()
        responder = FileResponder(files: files)
    }

    @Test func getSendsTheFileByteForByte() throws {
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/octet-stream")
            #expect(response.header("Content-Length") == "\(files.content.count)")
            #expect(mismatch(response.body, files.content) == nil)
            try waitForDescriptors(0, on: files.small)
        }
    }

    /// HEAD announces the length a GET would get; a 304 announces none. Either way any byte of
    /// the file after the head would be read as the next answer.
    @Test(
        arguments: [
            ("HEAD /file", 200, "\(ServedFiles.smallLength)"),
            ("GET /not-modified", 304, nil),
        ] as [(String, Int, String?)])
    func aFileAnswerWithoutABodySendsNoFileBytes(request: String, status: Int, contentLength: String?) throws {
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("\(request) HTTP/1.1\r\nHost: t\r\n\r\nGET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            let answer = try client.readResponse(toHead: true)
            #expect(answer.status == status)
            #expect(answer.header("Content-Length") == contentLength)
            let next = try client.readResponse()
            #expect(next.status == 200)
            #expect(next.bodyText == "other")
            try waitForDescriptors(0, on: files.small)
        }
    }

    @Test func pipelinedRequestsAfterAFileAreAnsweredInOrder() throws {
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send(
                "GET /file HTTP/1.1\r\nHost: t\r\n\r\nGET /other HTTP/1.1\r\nHost: t\r\n\r\nGET /file HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try client.readResponse()
            #expect(mismatch(first.body, files.content) == nil)
            let second = try client.readResponse()
            #expect(second.bodyText == "other")
            let third = try client.readResponse()
            #expect(third.header("Content-Length") == "\(files.content.count)")
            #expect(mismatch(third.body, files.content) == nil)
        }
    }

    @Test func twentySlowReadersAllGetTheExactBytes() throws {
        try withServer(serving: responder) { server in
            let failures = Failures()
            let finished = DispatchGroup()
            let content = files.content
            let port = server.port
            for index in 0..<20 {
                finished.enter()
                Thread {
                    defer { finished.leave() }
                    do {
                        let client = try RawHTTPConnection(port: port)
                        var receiveBuffer: Int32 = 16 * 1024
                        setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
                        try client.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
                        let body = try readSlowly(client, expectedLength: content.count)
                        if let difference = mismatch(body, content) { failures.record("client \(index): \(difference)") }
                    } catch {
                        failures.record("client \(index): \(error)")
                    }
                }.start()
            }
            try Wait.signal("every client to finish", on: finished)
            #expect(failures.all == [])
            try waitForDescriptors(0, on: files.small)
        }
    }

    @Test func aClientThatStopsReadingIsCutOffAfterTheIdleTimeout() throws {
        try withServer({ $0.idleTimeoutSeconds = 1 }, serving: responder) { server in
            let stalled = try stalledClient(port: server.port)

            // Served while the other one stalls.
            let reader = try RawHTTPConnection(port: server.port)
            try reader.send("GET /file HTTP/1.1\r\nHost: t\r\n\r\n")
            let served = try reader.readResponse()
            #expect(mismatch(served.body, files.content) == nil)

            // The idle timeout cuts it off (a transfer that moves is not: the next test); how soon after is not this test's to bound.
            try waitForDescriptors(0, on: files.big)
            // Its connection went with the file (the transfer is the connection's state); reading
            // what the kernel still holds for it through its narrow window would take a minute.
            withExtendedLifetime(stalled) {}
        }
    }

    @Test func aTransferThatKeepsMovingOutlastsTheIdleTimeout() throws {
        try withServer({ $0.idleTimeoutSeconds = 1 }, serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            // At most 16 MB/s: 2.5 s of it is well short of the file, and every few tenths of a
            // second the kernel has room for more of it.
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            var received = 0
            let start = Date()
            while Date().timeIntervalSince(start) < 2.5 {
                let count = recv(client.descriptor, &chunk, chunk.count, 0)
                try #require(count > 0, "the connection ended \(received) bytes in")
                received += count
                usleep(1_000)  // a slow reader's pace, the test's input
            }
            #expect(received < ServedFiles.bigLength)
            #expect(descriptorsOpen(on: files.big) == 1)
        }
    }

    @Test func aClientGoneMidTransferReleasesTheFile() throws {
        try withServer(serving: responder) { server in
            var client: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
            try client?.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client?.take(64 * 1024)
            #expect(descriptorsOpen(on: files.big) == 1)
            client = nil
            try waitForDescriptors(0, on: files.big)

            let next = try RawHTTPConnection(port: server.port)
            try next.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try next.readResponse().bodyText == "other")
        }
    }

    @Test func aFileThatShrinksMidTransferEndsTheConnection() throws {
        try withServer(serving: responder) { server in
            let client = try RawHTTPConnection(port: server.port)
            try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            let headLength = try client.readUntil(Array("\r\n\r\n".utf8), what: "the head") + 4
            _ = try client.take(headLength + 1024 * 1024)
            try #require(truncate(files.big, 0) == 0)
            // The length announced cannot be kept: the connection ends short of it.
            let rest = try client.readUntilClosed().count
            #expect(1024 * 1024 + rest < ServedFiles.bigLength)
            try waitForDescriptors(0, on: files.big)
        }
    }

    @Test func stoppingTheServerDoesNotWaitOnAStalledTransfer() throws {
        // The stop's deadline, max(header, body timeout) + 2 s, ends it; the idle timeout (a day)
        // plays no part: a stop that waited for it would never come within the wait's deadline.
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.headerTimeoutSeconds = 1
        configuration.bodyTimeoutSeconds = 1
        configuration.idleTimeoutSeconds = 86_400
        let server = try HTTPServer(configuration: configuration, responder: responder, logger: Logger(label: "test"))
        server.start()
        let stalled = try stalledClient(port: server.port)
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.stop()
            server.wait()
            stopped.signal()
        }.start()
        try Wait.signal("the stop, with a transfer stalled", on: stopped)
        #expect(descriptorsOpen(on: files.big) == 0)
        withExtendedLifetime(stalled) {}
    }

    /// A client that asks for the big file and reads none of it (through a 4 KiB receive
    /// buffer), once the server has the file open.
    private func stalledClient(port: Int) throws -> RawHTTPConnection {
        let client = try RawHTTPConnection(port: port)
        var receiveBuffer: Int32 = 4096
        setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        try waitForDescriptors(1, on: files.big)
        return client
    }

    @Test func onlyRegularFilesCanBeSent() throws {
        let missing = files.directory + "/missing"
        #expect(throws: HTTPFileBody.OpenError.cannotOpen(path: missing, errno: ENOENT)) { try HTTPFileBody(path: missing) }
        #expect(
            HTTPFileBody.OpenError.cannotOpen(path: missing, errno: ENOENT).description
                == "Cannot open '\(missing)': No such file or directory.")
        #expect(throws: HTTPFileBody.OpenError.notARegularFile(path: files.directory, kind: "a directory")) {
            try HTTPFileBody(path: files.directory)
        }
        // Refused at once: opening a pipe with no writer must not wait for one.
        let pipe = files.directory + "/pipe"
        try #require(mkfifo(pipe, 0o600) == 0)
        #expect(throws: HTTPFileBody.OpenError.notARegularFile(path: pipe, kind: "a pipe")) { try HTTPFileBody(path: pipe) }
        #expect(try HTTPFileBody(path: files.small).length == files.content.count)
    }

    @Test func aLinkIsRefusedWhenLinksAreNotFollowedAndTheStatusIsTheDescriptors() throws {
        let link = files.directory + "/link"
        try #require(symlink(files.small, link) == 0)
        #expect(throws: HTTPFileBody.OpenError.symbolicLink(path: link)) { try HTTPFileBody(path: link, followingLinks: false) }
        let followed = try HTTPFileBody(path: link)
        var target = stat()
        try #require(stat(files.small, &target) == 0)
        #expect(followed.status.st_ino == target.st_ino && followed.status.st_dev == target.st_dev)
        #expect(try HTTPFileBody(path: files.small, followingLinks: false).length == files.content.count)
    }
}

/// What the client threads of a test found wrong, from any of them.
private final class Failures: Sendable {
    private let list = Mutex<[String]>([])

    func record(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}

/// Reads one answer off `client` in 8 KiB receives with a millisecond's pause after each, and
/// returns its body once `Content-Length` (which must be `expectedLength`) bytes of it are in.
private func readSlowly(_ client: RawHTTPConnection, expectedLength: Int) throws -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8 * 1024)
    var bodyStart: Int?
    while bodyStart.map({ received.count - $0 < expectedLength }) ?? true {
        let count = recv(client.descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { throw RawHTTPConnection.ClientError.closed("the body, \(received.count) bytes in") }
        received.append(contentsOf: chunk[..<count])
        if bodyStart == nil, let end = received.indices.dropLast(3).first(where: { received[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) })
        {
            let head = String(decoding: received[..<end], as: UTF8.self)
            guard head.contains("\r\nContent-Length: \(expectedLength)\r\n") || head.hasSuffix("\r\nContent-Length: \(expectedLength)")
            else {
                throw RawHTTPConnection.ClientError.malformed(head)
            }
            bodyStart = end + 4
        }
        usleep(1_000)  // a slow reader's pace, the test's input
    }
    let start = bodyStart ?? 0
    return Array(received[start...])
}
