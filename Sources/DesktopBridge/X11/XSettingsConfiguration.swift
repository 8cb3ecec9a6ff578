import Glibc

/// An `xsettingsd` configuration file (`Name value` lines, `#` comments), of which fontd owns one
/// line, `Xft/DPI` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): every other byte
/// stays as the reader wrote it.
enum XSettingsConfiguration {
    /// The setting fontd writes.
    static let setting = "Xft/DPI"

    /// `text` with every `Xft/DPI` line holding `value` (each line's ending kept), or with the line
    /// added at the end when it has none.
    static func withDPI(_ value: Int, in text: String) -> String {
        let line = "\(setting) \(value)"
        // Split on the byte: Swift's "\r\n" is one Character, which no "\n" separator matches.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        var found = false
        for index in lines.indices where names(lines[index]) {
            let ending = lines[index].utf8.last == UInt8(ascii: "\r") ? "\r" : ""
            lines[index] = line + ending
            found = true
        }
        if found { return lines.joined(separator: "\n") }
        if text.isEmpty { return line + "\n" }
        return text + (text.utf8.last == UInt8(ascii: "\n") ? "" : "\n") + line + "\n"
    }

    /// The value of the first `Xft/DPI` line of `text`; nil when it has none.
    static func dpi(in text: String) -> Int? {
        for line in text.utf8.split(separator: UInt8(ascii: "\n")).map({ String(decoding: $0, as: UTF8.self) }) where names(line) {
            let value = line.drop { $0 == " " || $0 == "\t" }.dropFirst(setting.count).drop { $0 == " " || $0 == "\t" }
            return Int(value.prefix { $0.isNumber })
        }
        return nil
    }

    /// `text` without its `Xft/DPI` lines: what a file that had none gets back when X11 is excluded.
    static func withoutDPI(in text: String) -> String {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return lines.filter { !names($0) }.joined(separator: "\n")
    }

    /// Whether `line` sets `Xft/DPI`: its first word, after any leading white space.
    private static func names(_ line: String) -> Bool {
        let words = line.drop { $0 == " " || $0 == "\t" }
        guard words.hasPrefix(setting) else { return false }
        let after = words.dropFirst(setting.count).first
        return after == " " || after == "\t"
    }

    /// Sets `value` (nil: no `Xft/DPI` line) in the file at `path` (created when missing): written to a temporary file beside
    /// it with the same mode, then renamed over it, so that xsettingsd never reads half a file.
    ///
    /// - Returns: whether the file changed; false when it already held the value, and nothing was written.
    static func update(_ value: Int?, at path: String) throws(X11Failure) -> Bool {
        // A symbolic link (dotfiles kept elsewhere) is followed, and stays one.
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let target = realpath(path, &resolved) != nil ? String(terminated: resolved) : path
        let exists = access(target, F_OK) == 0
        let old: String
        if exists {
            guard let text = AtomicFile.read(target) else { throw .configurationNotWritten(path: target, errno: errno) }
            old = text
        } else {
            old = ""
        }
        let new = value.map { withDPI($0, in: old) } ?? withoutDPI(in: old)
        guard new != old || (!exists && value != nil) else { return false }
        do {
            try AtomicFile.write(new, to: target, defaultMode: 0o644)
        } catch {
            throw .configurationNotWritten(path: target, errno: error.code)
        }
        return true
    }
}

extension String {
    /// The text of a NUL-terminated C buffer.
    fileprivate init(terminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
