/// Where the reader's own `font.size` stands in an Alacritty configuration (docs/DESIGN.md §34
/// (The reader's own sizes)): the byte range of its value, so that fontd can replace those bytes
/// and no others. Alacritty loads imports before the importing file, so this value, when present,
/// is the one Alacritty uses, and fontd edits it in place.
///
/// YAML (0.12 and earlier): a top-level `font:` line, then, among the lines indented below it,
/// the first-level `size: N`. TOML (0.13 and later): `size = N` in the `[font]` table, or a
/// top-level `font.size = N`. Flow and inline forms (`font: {size: 12}`, `font = {size = 12}`) are
/// not found: fontd's import then applies, and the reader's value still wins.
enum AlacrittyFontSize {
    /// The value's bytes' range in `bytes`; nil when the file sets no `font.size` fontd can find.
    static func range(in bytes: [UInt8], format: Alacritty.Format) -> Range<Int>? {
        // A byte order mark is no part of the first line's key (docs/DESIGN.md §35 (Editing a reader's file)).
        let mark = FileBytes.byteOrderMarkCount(bytes)
        var offset = mark
        var inFont = false
        var topLevel = true
        var childIndent: Int?
        for line in FileBytes.lines(Array(bytes[mark...])) {
            defer { offset += line.count + 1 }
            let text = Array(line)
            let indent = text.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let body = text[indent...]
            if body.isEmpty || body.first == UInt8(ascii: "#") || body == [FileBytes.carriageReturn] { continue }
            switch format {
            case .yaml:
                if indent == 0 {
                    inFont = keyValue(body, key: "font", separator: UInt8(ascii: ":")).map { $0.isEmpty } ?? false
                    childIndent = nil
                } else if inFont {
                    if childIndent == nil { childIndent = indent }
                    if indent == childIndent, let value = keyValue(body, key: "size", separator: UInt8(ascii: ":")) {
                        return offset + indent + value.lowerBound..<offset + indent + value.upperBound
                    }
                }
            case .toml:
                if body.first == UInt8(ascii: "[") {
                    topLevel = false
                    inFont =
                        Array(body.prefix { $0 != UInt8(ascii: "]") }.dropFirst()).filter { $0 != UInt8(ascii: " ") } == Array("font".utf8)
                    continue
                }
                guard inFont || topLevel else { continue }
                let key = inFont ? "size" : "font.size"
                if let value = keyValue(body, key: key, separator: UInt8(ascii: "=")) {
                    return offset + indent + value.lowerBound..<offset + indent + value.upperBound
                }
            }
        }
        return nil
    }

    /// The number's text in `text` at `range`; nil when it is not a number.
    static func number(in bytes: [UInt8], at range: Range<Int>) -> Double? {
        Double(String(decoding: bytes[range], as: UTF8.self))
    }

    /// The range (relative to `line`'s start) of the value of `key` in `line` (`key: value`, `key = value`),
    /// up to white space or a comment; an empty range when the key has no value; nil when `line` sets another key.
    private static func keyValue(_ line: ArraySlice<UInt8>, key: String, separator: UInt8) -> Range<Int>? {
        let text = Array(line)
        let keyBytes = Array(key.utf8)
        guard text.starts(with: keyBytes) else { return nil }
        var index = keyBytes.count
        let spaces: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        while index < text.count, spaces.contains(text[index]) { index += 1 }
        guard index < text.count, text[index] == separator else { return nil }
        index += 1
        while index < text.count, spaces.contains(text[index]) { index += 1 }
        let start = index
        let ends: Set<UInt8> = spaces.union([UInt8(ascii: "#"), FileBytes.carriageReturn])
        while index < text.count, !ends.contains(text[index]) { index += 1 }
        return start..<index
    }
}
