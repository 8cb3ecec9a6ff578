import FontdTestSupport
import Foundation
import ServerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `GET /events?client=NAME` (docs/DESIGN.md §26 (The desktop bridge), "Browsers"): the board lists
/// each name with a stream open, once however many it has, and drops it with its last stream; a name
/// outside 1 to 32 of `a`–`z`, `0`–`9`, `-` is refused with a 400 that says the form.
@Suite(.serialized) struct EventStreamClientNameTests {
    @Test func theBoardListsTheNamesOfOpenStreamsOnlyWhileTheyAreOpen() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        #expect(try BrowserExtensionFixture.clients(of: server) == [])
        let firefox = try EventStreamClient(port: server.port, query: "?client=firefox")
        let chromium = try EventStreamClient(port: server.port, query: "?client=chromium")
        var secondChromium: EventStreamClient? = try EventStreamClient(port: server.port, query: "?client=chromium")
        let anonymous = try EventStreamClient(port: server.port)
        for stream in [firefox, chromium, anonymous] { #expect(try stream.next().event == "preferences") }
        #expect(try secondChromium?.next().event == "preferences")
        #expect(try BrowserExtensionFixture.clients(of: server) == ["chromium", "firefox"])

        secondChromium = nil
        shutdown(firefox.connection.descriptor, Int32(SHUT_RDWR))
        try Wait.until("firefox gone, chromium kept while its other stream is open") {
            try BrowserExtensionFixture.clients(of: server) == ["chromium"]
        }
        shutdown(chromium.connection.descriptor, Int32(SHUT_RDWR))
        try Wait.until("no name once every named stream ended") { try BrowserExtensionFixture.clients(of: server) == [] }
    }

    @Test(arguments: ["Firefox", "fire%20fox", "", String(repeating: "a", count: 33)])
    func aNameOutsideTheFormIsRefused(name: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let answer = try server.client.get("/events?client=\(name)")
        #expect(answer.status == 400, "\(answer.status) \(answer.bodyText)")
        #expect(answer.bodyText.contains("1 to 32 of a-z, 0-9 and -"), "\(answer.bodyText)")
    }
}
