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
        /// The raw value: the text after `=` and its leading spaces, escapes not expanded.
        public var value: String
        /// Whether the entry, its group or the file carries `[$i]`: KConfig lets no one change it.
        public var isImmutable: Bool
        /// The line the entry is on, and where its value starts in it.
        fileprivate var line: Int
        fileprivate var valueStart: String.Index
    }

    /// The file's lines, without their `\n` (a `\r` stays part of its line).
    private var lines: [String]
    /// Every entry without a locale, in file order.
    public private(set) var entries: [Entry] = []

    /// Reads `text`; any text is a KConfig file (a line KConfig would ignore is kept and ignored).
    public init(_ text: String) {
        // Split on the byte: Swift's "\r\n" is one Character, which no "\n" matches.
        lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var group: [String] = []
        var groupImmutable = false
        var fileImmutable = false
        var seenGroup = false
        for (number, line) in lines.enumerated() {
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
            guard let equals = line.firstIndex(of: "=") else { continue }
            let (key, locale, options) = Self.keyParts(line[line.startIndex..<equals])
            guard locale == nil, !key.isEmpty else { continue }
            var valueStart = line.index(after: equals)
            while valueStart < line.endIndex, line[valueStart] == " " || line[valueStart] == "\t" {
                valueStart = line.index(after: valueStart)
            }
            entries.append(
                Entry(
                    group: group, key: key, value: String(line[valueStart...]),
                    isImmutable: fileImmutable || groupImmutable || options.contains("i"), line: number, valueStart: valueStart))
        }
    }

    /// The file's text: its bytes exactly, with any replaced values.
    public var text: String { lines.joined(separator: "\n") }

    /// The entry KConfig reads for `key` of `group`: the last, marked immutable if any of them, or
    /// any header of its group, is.
    public func entry(_ key: String, in group: [String]) -> Entry? {
        let matching = entries.filter { $0.group == group && $0.key == key }
        guard var last = matching.last else { return nil }
        last.isImmutable = matching.contains(where: \.isImmutable)
        return last
    }

    /// Replaces `entry`'s value with `value`, leaving the rest of its line (and of the file) as it was.
    public mutating func replaceValue(of entry: Entry, with value: String) {
        let line = lines[entry.line]
        lines[entry.line] = String(line[..<entry.valueStart]) + value
        self = KConfigFile(text)
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
