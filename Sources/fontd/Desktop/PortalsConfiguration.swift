import DesktopBridge

/// A `portals.conf` held as its lines of bytes, so that putting fontd first for the Settings
/// interface changes that one line and keeps every other byte — other groups, comments, key order,
/// whitespace, line endings (docs/DESIGN.md §28 (The Settings portal backend), "Registration";
/// §35 (Editing a reader's file)).
///
/// Read as GLib's key files are: `[group]` headers, `key=value` lines inside a group, `#`
/// comments and blank lines; anything else is refused, naming the line. A line ends at LF; a CR
/// before it is part of its ending, and a line fontd adds to a CRLF file ends with CRLF too.
struct PortalsConfiguration {
    /// The backend interface fontd implements, the key under `[preferred]`.
    static let settingsKey = "org.freedesktop.impl.portal.Settings"
    /// fontd's backend name: the `.portal` file's name without `.portal`.
    static let backend = "fontd"

    /// The lines, without their line feeds; a file ending in a line feed has an empty last line.
    private var lines: [ArraySlice<UInt8>]
    /// CR when the file's lines end with CRLF, else nothing: what ends a line fontd adds before its LF.
    private let carriageReturn: [UInt8]

    /// Reads `bytes`, the contents of `path` (named in errors).
    init(bytes: [UInt8], path: String) throws(DesktopInstallError) {
        lines = FileBytes.lines(bytes)
        carriageReturn = FileBytes.newline(of: bytes).count == 2 ? [FileBytes.carriageReturn] : []
        var inGroup = false
        for (index, line) in lines.enumerated() {
            let trimmed = Self.text(line).trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
                    throw .unparsableConfiguration(path: path, line: index + 1, text: FileBytes.text(line))
                }
                inGroup = true
                continue
            }
            guard inGroup, let equals = trimmed.firstIndex(of: "="), !trimmed[..<equals].trimmingWhitespace.isEmpty else {
                throw .unparsableConfiguration(path: path, line: index + 1, text: FileBytes.text(line))
            }
        }
    }

    /// The bytes, exactly as read plus any change made since.
    var bytes: [UInt8] { Array(lines.joined(separator: [FileBytes.lineFeed])) }

    /// The backends a key under the last `[preferred]` group names (its last occurrence, as GLib
    /// reads it), nil when it is not there.
    func preferred(_ key: String) -> [String]? {
        guard let index = lineIndex(of: key) else { return nil }
        return Self.backends(in: Self.value(of: lines[index]))
    }

    /// Whether fontd comes first for the Settings interface.
    var hasFontdFirst: Bool { preferred(Self.settingsKey)?.first == Self.backend }

    /// Puts fontd first for the Settings interface: before the backends the line already names,
    /// else before `default`'s, else before `fallback` (the desktop's own choice). `none` is
    /// dropped, since it would turn every backend off, fontd too.
    mutating func putFontdFirst(fallback: [String]) {
        guard !hasFontdFirst else { return }
        func listed(_ backends: [String]) -> String {
            ([Self.backend] + backends.filter { $0 != Self.backend && $0 != "none" }).map { $0 + ";" }.joined()
        }
        if let index = lineIndex(of: Self.settingsKey) {
            let line = lines[index]
            let ending: [UInt8] = line.last == FileBytes.carriageReturn ? [FileBytes.carriageReturn] : []
            let value = Array(listed(Self.backends(in: Self.value(of: line))).utf8)
            lines[index] = (Array(line[..<Self.valueStart(of: line)]) + value + ending)[...]
            return
        }
        let line = added(Self.settingsKey + "=" + listed(preferred("default") ?? fallback))
        if let group = lastPreferredGroup {
            // After the group's last key, so that comments and blank lines before the next group stay with it.
            let keys = (group + 1..<nextGroup(after: group)).filter { Self.key(of: lines[$0]) != nil }
            lines.insert(line, at: (keys.last ?? group) + 1)
            return
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        let separation = lines.isEmpty ? [] : [added("")]
        lines += separation + [added("[preferred]"), line, []]
    }

    // MARK: Lines

    /// A line fontd adds, ended as the file's lines are.
    private func added(_ text: String) -> ArraySlice<UInt8> { (Array(text.utf8) + carriageReturn)[...] }

    private var lastPreferredGroup: Int? { lines.lastIndex { Self.text($0).trimmingWhitespace == "[preferred]" } }

    private func nextGroup(after group: Int) -> Int {
        lines[(group + 1)...].firstIndex { Self.text($0).trimmingWhitespace.hasPrefix("[") } ?? lines.count
    }

    private func lineIndex(of key: String) -> Int? {
        guard let group = lastPreferredGroup else { return nil }
        return (group + 1..<nextGroup(after: group)).last { Self.key(of: lines[$0]).map(String.init) == key }
    }

    /// A line as text to parse it (without its CR or a byte order mark).
    private static func text(_ line: ArraySlice<UInt8>) -> Substring { Substring(FileBytes.text(line)) }

    private static func key(of line: ArraySlice<UInt8>) -> Substring? {
        let trimmed = text(line).trimmingWhitespace
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingWhitespace
    }

    /// Where the value begins: after `=` and the blanks GLib skips.
    private static func valueStart(of line: ArraySlice<UInt8>) -> Int {
        guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return line.endIndex }
        return line[(equals + 1)...].firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? line.endIndex
    }

    private static func value(of line: ArraySlice<UInt8>) -> Substring {
        Substring(String(decoding: line[valueStart(of: line)...], as: UTF8.self)).trimmingWhitespace
    }

    private static func backends(in value: Substring) -> [String] {
        value.split(separator: ";").map { String($0.trimmingWhitespace) }.filter { !$0.isEmpty }
    }
}

extension Substring {
    /// Without leading and trailing blanks and carriage returns.
    var trimmingWhitespace: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[first...last]
    }
}
