/// A `portals.conf` held as its lines, so that putting fontd first for the Settings interface
/// changes that one line and keeps every other byte — other groups, comments, key order,
/// whitespace (docs/DESIGN.md §28 (The Settings portal backend), "Registration").
///
/// Read as GLib's key files are: `[group]` headers, `key=value` lines inside a group, `#`
/// comments and blank lines; anything else is refused, naming the line.
struct PortalsConfiguration {
    /// The backend interface fontd implements, the key under `[preferred]`.
    static let settingsKey = "org.freedesktop.impl.portal.Settings"
    /// fontd's backend name: the `.portal` file's name without `.portal`.
    static let backend = "fontd"

    /// The lines, without their line feeds; a file ending in a line feed has an empty last line.
    private var lines: [Substring]

    /// Reads `text`, the contents of `path` (named in errors).
    init(text: String, path: String) throws(DesktopInstallError) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var inGroup = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
                    throw .unparsableConfiguration(path: path, line: index + 1, text: String(line))
                }
                inGroup = true
                continue
            }
            guard inGroup, let equals = trimmed.firstIndex(of: "="), !trimmed[..<equals].trimmingWhitespace.isEmpty else {
                throw .unparsableConfiguration(path: path, line: index + 1, text: String(line))
            }
        }
    }

    /// The text, exactly as read plus any change made since.
    var text: String { lines.joined(separator: "\n") }

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
            let carriageReturn = line.hasSuffix("\r") ? "\r" : ""
            let valueStart = Self.valueStart(of: line)
            lines[index] = Substring(line[..<valueStart] + listed(Self.backends(in: Self.value(of: line))) + carriageReturn)
            return
        }
        let line = Self.settingsKey + "=" + listed(preferred("default") ?? fallback)
        if let group = lastPreferredGroup {
            // After the group's last key, so that comments and blank lines before the next group stay with it.
            let keys = (group + 1..<nextGroup(after: group)).filter { Self.key(of: lines[$0]) != nil }
            lines.insert(Substring(line), at: (keys.last ?? group) + 1)
            return
        }
        if lines.last == "" { lines.removeLast() }
        let separation: [Substring] = lines.isEmpty ? [] : [""]
        lines += separation + ["[preferred]", Substring(line), ""]
    }

    // MARK: Lines

    private var lastPreferredGroup: Int? { lines.lastIndex { $0.trimmingWhitespace == "[preferred]" } }

    private func nextGroup(after group: Int) -> Int {
        lines[(group + 1)...].firstIndex { $0.trimmingWhitespace.hasPrefix("[") } ?? lines.count
    }

    private func lineIndex(of key: String) -> Int? {
        guard let group = lastPreferredGroup else { return nil }
        return (group + 1..<nextGroup(after: group)).last { Self.key(of: lines[$0]).map(String.init) == key }
    }

    private static func key(of line: Substring) -> Substring? {
        let trimmed = line.trimmingWhitespace
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return trimmed[..<equals].trimmingWhitespace
    }

    /// Where the value begins: after `=` and the blanks GLib skips.
    private static func valueStart(of line: Substring) -> Substring.Index {
        guard let equals = line.firstIndex(of: "=") else { return line.endIndex }
        return line[line.index(after: equals)...].firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
    }

    private static func value(of line: Substring) -> Substring { line[valueStart(of: line)...].trimmingWhitespace }

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
