import DynamicType

/// The Server-Sent Events framing of the preference events (docs/DESIGN.md §11 (The event stream)): the one
/// writer of snapshots, replays, live changes and keep-alives.
public enum EventFrames {
    /// The reconnection advice, as the first line of a subscriber's first event block (a block
    /// of its own makes some clients, httpx-sse among them, yield an empty message).
    public static let retryLine = Array("retry: 2000\n".utf8)

    /// A comment line, so proxies and clients see an idle stream is alive.
    public static let keepAlive = Array(": keep-alive\n\n".utf8)

    /// `event` as it goes on the wire: `id:` (when it has one), `event:`, `data:` and the blank line.
    public static func frame(_ event: PreferenceEvent) -> [UInt8] {
        Array(event.serverSentEvent.utf8)
    }

    /// One change's frame for every scope it reaches: the root's form encoded once, and each
    /// other scope's with `"scope":"…",` spliced in first — one allocation per scope.
    struct Splice {
        private let rootBytes: [UInt8]
        private let scopedHead: [UInt8]
        private let scopedTail: [UInt8]

        /// The frames of `event`, the change in its root form, whose id is `sequence`.
        init(_ event: PreferenceEvent, sequence: Int) {
            let data = Array(event.data.utf8)
            let head = Array("id: \(sequence)\nevent: \(event.name)\ndata: ".utf8)
            rootBytes = head + data + Array("\n\n".utf8)
            scopedHead = head + Array(#"{"scope":""#.utf8)
            scopedTail = Array(#"","#.utf8) + data.dropFirst() + Array("\n\n".utf8)
        }

        /// The frame for a subscriber of `scope`.
        func bytes(for scope: PreferenceScope) -> [UInt8] {
            guard !scope.isRoot else { return rootBytes }
            let path = scope.path.utf8
            var bytes: [UInt8] = []
            bytes.reserveCapacity(scopedHead.count + path.count + scopedTail.count)
            bytes.append(contentsOf: scopedHead)
            bytes.append(contentsOf: path)
            bytes.append(contentsOf: scopedTail)
            return bytes
        }
    }
}
