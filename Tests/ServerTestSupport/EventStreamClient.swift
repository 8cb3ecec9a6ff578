#if canImport(Glibc)
    import Glibc
#endif

/// One Server-Sent Event as received.
public struct ServerSentEvent: Equatable, Sendable, CustomStringConvertible {
    public var id: String?
    public var event: String?
    public var data: String

    public init(id: String?, event: String?, data: String) {
        self.id = id
        self.event = event
        self.data = data
    }

    public var description: String { "id=\(id ?? "-") event=\(event ?? "-") data=\(data)" }
}

/// A subscriber to `GET /events`, reading the stream off a raw socket.
public final class EventStreamClient {
    public let connection: RawHTTPConnection
    /// The response's status line and fields.
    public let head: TestResponse

    /// Opens `/events` (with `Last-Event-ID: lastEventID` when given; `query` appended to the path).
    public init(
        port: Int, lastEventID: String? = nil, query: String = "", headers: [(name: String, value: String)] = [],
        timeoutSeconds: Double = 5, receiveBufferBytes: Int32? = nil
    ) throws {
        connection = try RawHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
        if var bytes = receiveBufferBytes {
            setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        let fields = headers.map { "\($0.name): \($0.value)\r\n" }.joined()
        try connection.send("GET /events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(resume)\(fields)\r\n")
        head = try connection.readResponse(toHead: true)
    }

    /// Whether `next()` passes over `fontsDidChange` events (docs/DESIGN.md §25 (Font set changes)): a resumed
    /// stream begins with one, and most tests are about the preferences. `FontSetChangeTests`
    /// turns it off and checks them.
    public var skipsFontChanges = true

    /// The next event, skipping comments and `retry:` lines (and `fontsDidChange`, unless told not to).
    public func next() throws -> ServerSentEvent {
        while true {
            let end = try connection.readUntil(Array("\n\n".utf8), what: "an event")
            let block = String(decoding: try connection.take(end + 2), as: UTF8.self)
            var event = ServerSentEvent(id: nil, event: nil, data: "")
            var hasData = false
            for line in block.split(separator: "\n") {
                if line.hasPrefix(":") || line.hasPrefix("retry:") { continue }
                if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") {
                    event.data = String(line.dropFirst(6))
                    hasData = true
                }
            }
            if hasData, !(skipsFontChanges && event.event == "fontsDidChange") { return event }
        }
    }

    /// The next block as sent (comments included), for tests of keep-alive lines.
    public func nextBlock() throws -> String {
        let end = try connection.readUntil(Array("\n\n".utf8), what: "a block")
        return String(decoding: try connection.take(end + 2), as: UTF8.self)
    }
}
