/// A KConfig file (`kdeglobals`) read line by line, so that one entry's value can be replaced
/// while every other byte stays as it was: groups (`[General]`, nested `[A][B]`), `key=value`
/// entries, locale keys (`font[de]=`), the `[$i]` immutable marker on the file, a group or a key,
/// comments (`#`) and blank lines (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)).
///
/// Only entries without a locale are looked up. Of several entries of one key (a group may appear
/// more than once), the last is the one KConfig reads, and the one replaced.
public struct KConfigFile: Sendable, Hashable {
    /// One entry of the file.
    public struct Entry: Sendable, Hashable {
        /// The group's path: `["General"]`, `["A", "B"]` for `[A][B]`.
        public var group: [String]
        public var key: String
        /// The raw value, decoded to read it: the text after `=` and its leading spaces, escapes not
        /// expanded, without a CR ending its line.
        public var value: String
        /// Whether the entry, its group or the file carries `[$i]`: KConfig lets no one change it.
        public var isImmutable: Bool
        /// The line the entry is on, and the byte where its value starts in it.
        fileprivate var line: Int
        fileprivate var valueStart: Int
    }

    /// The file's lines as bytes, without their LF (a CR stays part of its line, docs/DESIGN.md §35
    /// (Editing a reader's file)); only a value fontd replaces is ever written from text.
    private var lines: [ArraySlice<UInt8>]
    /// Every entry without a locale, in file order.
    public private(set) var entries: [Entry] = []

    /// Reads `bytes`; any bytes are a KConfig file (a line KConfig would ignore is kept and ignored).
    public init(_ bytes: [UInt8]) {
        lines = FileBytes.lines(bytes)
        var group: [String] = []
        var groupImmutable = false
        var fileImmutable = false
        var seenGroup = false
        for (number, bytes) in lines.enumerated() {
            let line = FileBytes.text(bytes)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                let (names, immutable) = Self.groupHeader(trimmed)
                if names.isEmpty {
                    // `[$i]` before any group makes the whole file immutable.
                    if immutable, !seenGroup { fileImmutable = true }
                    continue
                }
                seenGroup = true
                group = names
                groupImmutable = immutable
                continue
            }
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let (key, locale, options) = Self.keyParts(
                Substring(String(decoding: bytes[..<equals].dropFirst(FileBytes.byteOrderMarkCount(bytes)), as: UTF8.self)))
            guard locale == nil, !key.isEmpty else { continue }
            var valueStart = equals + 1
            while valueStart < bytes.endIndex, bytes[valueStart] == UInt8(ascii: " ") || bytes[valueStart] == UInt8(ascii: "\t") {
                valueStart += 1
            }
            var value = bytes[valueStart...]
            if value.last == FileBytes.carriageReturn { value = value.dropLast() }
            entries.append(
                Entry(
                    group: group, key: key, value: String(decoding: value, as: UTF8.self),
                    isImmutable: fileImmutable || groupImmutable || options.contains("i"), line: number,
                    valueStart: valueStart - bytes.startIndex))
        }
    }

    /// The file's bytes exactly, with any replaced sizes.
    public var bytes: [UInt8] { Array(lines.joined(separator: [FileBytes.lineFeed])) }

    /// The entry KConfig reads for `key` of `group`: the last, marked immutable if any of them, or
    /// any header of its group, is.
    public func entry(_ key: String, in group: [String]) -> Entry? {
        let matching = entries.filter { $0.group == group && $0.key == key }
        guard var last = matching.last else { return nil }
        last.isImmutable = matching.contains(where: \.isImmutable)
        return last
    }

    /// Replaces the point size of `entry`'s QFont value (its second comma-separated field) with
    /// `points`, as Qt writes it; every other byte of the line, and of the file, stays.
    public mutating func replacePointSize(of entry: Entry, with points: Double) {
        let line = lines[entry.line]
        let start = line.startIndex + entry.valueStart
        guard let first = line[start...].firstIndex(of: UInt8(ascii: ",")) else { return }
        var end = line[(first + 1)...].firstIndex(of: UInt8(ascii: ",")) ?? line.endIndex
        if end == line.endIndex, end > first + 1, line[end - 1] == FileBytes.carriageReturn { end -= 1 }
        var replaced = Array(line)
        replaced.replaceSubrange((first + 1 - line.startIndex)..<(end - line.startIndex), with: Array(QFontSize.written(points).utf8))
        lines[entry.line] = replaced[...]
        self = KConfigFile(bytes)
    }

    /// `[A][B][$i]` → (["A", "B"], true); `[$i]` → ([], true).
    private static func groupHeader(_ line: Substring) -> (names: [String], immutable: Bool) {
        var names: [String] = []
        var immutable = false
        var rest = line
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
            let name = rest[rest.index(after: rest.startIndex)..<close]
            // `[$i]` is the marker; `[$Version]` and the like are groups.
            if name == "$i" {
                immutable = true
            } else {
                names.append(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return (names, immutable)
    }

    /// `font[de][$i] ` → ("font", "de", "i"); spaces around the key are not part of it.
    private static func keyParts(_ text: Substring) -> (key: String, locale: String?, options: String) {
        var key = text
        var locale: String?
        var options = ""
        while key.last == " " || key.last == "\t" { key = key.dropLast() }
        while key.last == "]", let open = key.lastIndex(of: "[") {
            let inside = key[key.index(after: open)..<key.index(before: key.endIndex)]
            if inside.hasPrefix("$") { options += inside.dropFirst() } else { locale = String(inside) }
            key = key[..<open]
        }
        return (String(key.drop { $0 == " " || $0 == "\t" }), locale, options)
    }
}
