/// The in-place edit of VS Code's `settings.json` (docs/DESIGN.md §31 (Terminals and editors)):
/// each key's value replaced where it stands, an absent key added as the object's last member
/// with the indentation of the member before it; every other byte kept.
enum SettingsEdit {
    /// `bytes` with each of `values`' keys set to its (JSON) value text; `bytes` themselves when they all say so already.
    static func setting(_ values: [(key: String, value: String)], in bytes: [UInt8]) throws(JSONCDocument.Malformed) -> [UInt8] {
        var text = bytes
        for (key, value) in values {
            let document = try JSONCDocument(text)
            var bytes = document.bytes
            let ranges = document.members.filter { $0.key == key }.map(\.valueRange)
            if !ranges.isEmpty {
                // Every occurrence: JSON's last one wins, and a duplicate left stale would mislead.
                for range in ranges.reversed() where Array(bytes[range]) != Array(value.utf8) {
                    bytes.replaceSubrange(range, with: Array(value.utf8))
                }
            } else {
                bytes = adding(key, value, to: document)
            }
            text = bytes
        }
        return text
    }

    /// The document's bytes with `"key": value` added after its last member.
    private static func adding(_ key: String, _ value: String, to document: JSONCDocument) -> [UInt8] {
        var bytes = document.bytes
        // A file written with CRLF keeps them.
        let newline = Array((bytes.contains(0x0D) ? "\r\n" : "\n").utf8)
        guard let last = document.members.last else {
            // An empty object: the member on a line of its own, indented as VS Code writes it.
            let inside = bytes[(document.open + 1)..<document.close]
            let tail = inside.contains(0x0A) ? [] : newline
            bytes.insert(contentsOf: newline + Array("    \"\(key)\": \(value)".utf8) + tail, at: document.open + 1)
            return bytes
        }
        let lineStart = bytes[..<last.keyStart].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let indent = Array(bytes[lineStart..<last.keyStart].prefix { $0 == 0x20 || $0 == 0x09 })
        // After the rest of the last member's line (a comment there stays with it), unless that
        // line runs into a block comment or to the object's brace.
        var at = bytes[document.lastEnd..<document.close].firstIndex(of: 0x0A) ?? document.close
        if at > document.lastEnd, at < document.close, bytes[at - 1] == 0x0D { at -= 1 }
        if document.comments.contains(where: { $0.contains(at) }) { at = document.close }
        let member = Array("\"\(key)\": \(value)".utf8) + (document.hasTrailingComma ? Array(",".utf8) : [])
        bytes.insert(contentsOf: newline + indent + member + (at == document.close ? newline : []), at: at)
        if !document.hasTrailingComma { bytes.insert(UInt8(ascii: ","), at: last.valueRange.upperBound) }
        return bytes
    }
}
