import CFontdSystem
import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// A listening socket the process inherited, as systemd passes one (docs/DESIGN.md §29 (A desktop service)).
@Suite(.ownThread) struct InheritedListenerTests {
    /// A TCP socket bound to `127.0.0.1` at a port the kernel chooses, blocking and inheritable
    /// as an inherited one is; listening when `listens`.
    static func socketOnLoopback(listens: Bool) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(descriptor >= 0 && bound == 0)
        if listens { try #require(listen(descriptor, 16) == 0) }
        return descriptor
    }

    @Test func aListeningSocketIsTakenNonBlockingAndCloseOnExecAndServedByEveryLoop() throws {
        let descriptor = try Self.socketOnLoopback(listens: true)
        let listener = try HTTPListener(inheritedDescriptor: descriptor)
        #expect(listener.host == "127.0.0.1")
        #expect(listener.port > 0)
        #expect(listener.isLoopback)
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)

        var configuration = HTTPServerConfiguration()
        configuration.threads = 2
        let server = try HTTPServer(
            listener: listener, configuration: configuration, responder: LoopNumberResponder(), logger: Logger(label: "test"))
        server.start()
        defer {
            server.stop()
            server.wait()
        }
        var connections: [RawHTTPConnection] = []
        var answeredBy: Set<String> = []
        for _ in 0..<8 {
            let connection = try RawHTTPConnection(port: listener.port)
            try connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            answeredBy.insert(try connection.readResponse().bodyText)
            connections.append(connection)  // kept open: each stays with its loop
        }
        #expect(answeredBy.count == 2, "\(answeredBy)")
    }

    @Test func aSocketThatDoesNotListenIsRefused() throws {
        let descriptor = try Self.socketOnLoopback(listens: false)
        defer { close(descriptor) }
        #expect(throws: HTTPServerError.notAListeningSocket(descriptor: descriptor, found: "a TCP socket that does not listen")) {
            _ = try HTTPListener(inheritedDescriptor: descriptor)
        }
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0, "a refused descriptor is left as it was")
    }
}
