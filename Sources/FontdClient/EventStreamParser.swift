/// Turns the bytes of a `text/event-stream` into events, however the bytes are split into
/// chunks: lines end with CRLF, LF or CR; `:` starts a comment (keep-alives); a blank line
/// dispatches the event being built (WHATWG HTML §9.2.6).
struct EventStreamParser: Sendable {
    /// The `retry:` advice, in milliseconds, once the stream has given one.
    private(set) var retryMilliseconds: Int?

    private var line: [UInt8] = []
    private var lastByteWasCarriageReturn = false
    private var lastEventID: String?
    private var eventName = ""
    private var dataLines: [String] = []
    private var hasData = false

    /// Feeds the next chunk; returns the events it completed, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n") where lastByteWasCarriageReturn:
                // The LF of a CRLF: the line already ended at the CR.
                lastByteWasCarriageReturn = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                lastByteWasCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                lastByteWasCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line[0] != UInt8(ascii: ":") else { return nil }
        let field: String
        var value: Substring = ""
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: line[..<colon], as: UTF8.self)
            let text = String(decoding: line[(colon + 1)...], as: UTF8.self)
            value = text.first == " " ? text.dropFirst() : Substring(text)
        } else {
            field = String(decoding: line, as: UTF8.self)
        }
        switch field {
        case "event": eventName = String(value)
        case "data":
            dataLines.append(String(value))
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int(value) {
                retryMilliseconds = number
            }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventName = ""
            dataLines = []
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(id: lastEventID, name: eventName.isEmpty ? "message" : eventName, data: dataLines.joined(separator: "\n"))
    }
}
