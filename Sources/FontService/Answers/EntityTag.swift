import HTTPServer

/// A strong entity tag derived from an answer's bytes (RFC 9110 §8.8.3), and the
/// `If-None-Match` test against it.
///
/// The tag is the 64-bit FNV-1a hash of the body in hex: equal bodies get equal tags,
/// so a client's tag stays valid across restarts and across servers with the same fonts.
struct EntityTag: Hashable, Sendable {
    /// The tag as the `ETag` field writes it, quotes included: `"af63bd4c8601b7df"`.
    let text: String
    private let quoted: [UInt8]

    /// The tag of `body`.
    init(body: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        text = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        quoted = Array(text.utf8)
    }

    /// A tag with the opaque value `value` (no quotes, no `"` inside): a font file's SHA-256.
    init(opaque value: String) {
        text = "\"" + value + "\""
        quoted = Array(text.utf8)
    }

    /// Whether an `If-None-Match` field among `headers` names this tag or is `*` (RFC 9110
    /// §13.1.2: weak comparison, so `W/"…"` matches too). Allocates nothing.
    func isMatched(byIfNoneMatchIn headers: [(name: String, value: String)]) -> Bool {
        for field in headers where HTTPRequest.namesEqual(field.name, "if-none-match") {
            if matches(list: field.value.utf8) { return true }
        }
        return false
    }

    /// Walks `#( "*" / [ "W/" ] DQUOTE etagc DQUOTE )`; a malformed member matches nothing.
    private func matches(list: String.UTF8View) -> Bool {
        var index = list.startIndex
        let end = list.endIndex
        while index != end {
            let byte = list[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                index = list.index(after: index)
                continue
            }
            var memberStart = index
            if byte == UInt8(ascii: "*") {
                let next = list.index(after: index)
                if Self.endsMember(list, at: next) { return true }
            } else if byte == UInt8(ascii: "W"), let slash = list.index(index, offsetBy: 1, limitedBy: end),
                slash != end, list[slash] == UInt8(ascii: "/")
            {
                memberStart = list.index(after: slash)
            }
            if memberStart != end, list[memberStart] == UInt8(ascii: "\""),
                let close = list[list.index(after: memberStart)...].firstIndex(of: UInt8(ascii: "\""))
            {
                // A quoted tag may hold commas: resume after its closing quote.
                index = list.index(after: close)
                if Self.endsMember(list, at: index), list[memberStart..<index].elementsEqual(quoted) { return true }
            }
            index = list[index...].firstIndex(of: UInt8(ascii: ",")) ?? end
        }
        return false
    }

    /// Whether a list member may end at `index`: the end, a comma, or whitespace.
    private static func endsMember(_ list: String.UTF8View, at index: String.UTF8View.Index) -> Bool {
        guard index != list.endIndex else { return true }
        let byte = list[index]
        return byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
