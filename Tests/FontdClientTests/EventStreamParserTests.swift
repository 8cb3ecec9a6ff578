import Testing

@testable import FontdClient

/// The event-stream parsing rules of WHATWG HTML §9.2.6, whatever the chunking.
@Suite struct EventStreamParserTests {
    static let stream =
        "retry: 1500\n\n: keep-alive\n\nid: 4\nevent: contentSizeCategoryDidChange\ndata: {\"a\":1}\n\n"
        + "id: 5\r\nevent: preferences\r\ndata: first\r\ndata:second\r\n\r\n"
        + "data: no id or name\r\rid: 6\nid\n\n"

    static let expected = [
        ServerSentEvent(id: "4", name: "contentSizeCategoryDidChange", data: "{\"a\":1}"),
        ServerSentEvent(id: "5", name: "preferences", data: "first\nsecond"),
        ServerSentEvent(id: "5", name: "message", data: "no id or name"),
    ]

    @Test(arguments: [1, 2, 3, 7, 1000])
    func eventsAreTheSameHoweverTheBytesAreSplit(chunkSize: Int) {
        var parser = EventStreamParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(Self.stream.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            events += parser.feed(bytes[start..<min(start + chunkSize, bytes.count)])
        }
        #expect(events == Self.expected)
        #expect(parser.retryMilliseconds == 1500)
    }

    @Test func anEventWithoutItsBlankLineIsNotDispatched() {
        var parser = EventStreamParser()
        #expect(parser.feed(Array("id: 1\nevent: preferences\ndata: {}\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)) == [ServerSentEvent(id: "1", name: "preferences", data: "{}")])
    }

    @Test func aRetryThatIsNotDigitsIsIgnored() {
        var parser = EventStreamParser()
        _ = parser.feed(Array("retry: 20x\nretry: -5\n\n".utf8))
        #expect(parser.retryMilliseconds == nil)
    }
}
