import DynamicType
import FontdTestSupport
import Foundation
import HTTPServer
import Logging
import Synchronization
import Testing

@testable import FontService

#if canImport(Glibc)
    import Glibc
    import ServerTestSupport
#endif

/// An answer one thread is computing never holds another event loop (docs/DESIGN.md §16 (The answer cache)): the
/// identical request is answered later, and its loop goes on with other connections.
@Suite(.ownThread) struct HeldResolutionTests {
    static let family = "Held Flight"
    static let target = "/font?style=body&category=xl&family=Held+Flight"

    @Test func aMissAnotherThreadIsComputingIsDeferredNotWaitedFor() throws {
        let hold = ResolutionHold()
        let service = makeService { request in if request.families == [Self.family] { hold.enterAndWait() } }
        let leader = DeferredAnswer<TestResponse>()
        Thread.detachNewThread { if let answer = try? service.client.send(Self.target) { leader.complete(answer) } }
        try Wait.signal("the leader to start resolving", on: hold.entered)
        defer { hold.release() }

        // A second loop's thread asks for the same answer, on a thread of its own so that a
        // blocking answer fails this test instead of hanging it.
        let second = Mutex<HTTPReply?>(nil)
        let returned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            second.withLock { $0 = service.respond(to: HTTPRequest(method: "GET", target: Self.target)) }
            returned.signal()
        }
        try Wait.signal("respond(to:) to return while another thread resolves", on: returned)
        guard case .deferred(let start) = try #require(second.withLock { $0 }) else {
            Issue.record("the identical request was answered at once, though its answer was still being computed")
            return
        }
        let waiter = DeferredAnswer<HTTPResponse>()
        start(HTTPDeferredResponse { waiter.complete($0) })
        #expect(try service.client.send("/healthz").status == 200, "the thread answers other requests meanwhile")
        #expect(waiter.current == nil, "answered before the resolution finished")

        hold.release()
        let led = try #require(leader.wait(seconds: 30))
        let followed = try #require(waiter.wait(seconds: 30))
        #expect(led.status == 200)
        #expect(followed.status == 200)
        #expect(followed.body == led.body)
        #expect(hold.entries == 1, "resolved once")
    }

    @Test func aHeldResolutionLeavesTheOtherLoopAnswering() throws {
        let hold = ResolutionHold()
        let service = makeService { request in if request.families == [Self.family] { hold.enterAndWait() } }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        let server = try HTTPServer(configuration: configuration, responder: service, logger: Logger(label: "HeldResolutionTests"))
        server.start()
        defer {
            hold.release()
            server.stop()
            server.wait()
        }
        let request = "GET \(Self.target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let leader = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
        try leader.send(request)
        try Wait.signal("the leader to start resolving", on: hold.entered)

        // The same request on more connections: those the other loop accepted must not stop it.
        let waiters = try (0..<8).map { _ in try RawHTTPConnection(port: server.port, timeoutSeconds: 30) }
        for waiter in waiters { try waiter.send(request) }
        usleep(100_000)  // the waiters' requests reach the server first; nothing marks their arrival
        // Of these, the ones the other loop accepted are answered while the resolution is held.
        let probes = try (0..<16).map { _ in try RawHTTPConnection(port: server.port, timeoutSeconds: 30) }
        for probe in probes { try probe.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        var watched = probes.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&watched, nfds_t(watched.count), Int32(Wait.defaultSeconds * 1000))
        #expect(ready > 0, "no loop answered /healthz while one resolution was held")

        hold.release()
        let led = try leader.readResponse()
        #expect(led.status == 200)
        for waiter in waiters {
            let answer = try waiter.readResponse()
            #expect(answer.status == 200)
            #expect(answer.body == led.body)
        }
        for probe in probes { #expect(try probe.readResponse().status == 200) }
        #expect(hold.entries == 1, "resolved once")
    }
}

/// Holds one resolution inside the service's `willResolve` hook until released.
final class ResolutionHold: Sendable {
    /// Signalled when a resolution enters the hold.
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let isReleased = Atomic<Bool>(false)
    private let entryCount = Atomic<Int>(0)

    /// How many resolutions have entered the hold.
    var entries: Int { entryCount.load(ordering: .relaxed) }

    /// Called by the resolving thread: blocks until `release()`.
    func enterAndWait() {
        entryCount.add(1, ordering: .relaxed)
        entered.signal()
        guard !isReleased.load(ordering: .relaxed) else { return }
        released.wait()
    }

    /// Lets the held resolution go on (again and again: later calls do nothing).
    func release() {
        guard isReleased.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        released.signal()
    }
}
