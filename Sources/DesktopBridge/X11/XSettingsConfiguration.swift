/// An `xsettingsd` configuration file (`Name value` lines, `#` comments), of which fontd owns one
/// line, `Xft/DPI` (docs/DESIGN.md §30 (KDE Plasma, X11, and per-target limits)): every other byte
/// stays as the reader wrote it, edited as bytes (docs/DESIGN.md §35 (Editing a reader's file)).
enum XSettingsConfiguration {
    /// The setting fontd writes.
    static let setting = "Xft/DPI"

    /// `bytes` with every `Xft/DPI` line holding `value` (each line's ending kept), or with the line
    /// added at the end, in the file's line ending, when it has none.
    static func withDPI(_ value: Int, in bytes: [UInt8]) -> [UInt8] {
        let line = Array("\(setting) \(value)".utf8)
        var lines = FileBytes.lines(bytes)
        var found = false
        for index in lines.indices where names(lines[index]) {
            let ending: [UInt8] = lines[index].last == FileBytes.carriageReturn ? [FileBytes.carriageReturn] : []
            lines[index] = (line + ending)[...]
            found = true
        }
        if found { return Array(lines.joined(separator: [FileBytes.lineFeed])) }
        if bytes.isEmpty { return line + [FileBytes.lineFeed] }
        let newline = FileBytes.newline(of: bytes)
        return bytes + (bytes.last == FileBytes.lineFeed ? [] : newline) + line + newline
    }

    /// The value of the first `Xft/DPI` line of `bytes`; nil when it has none.
    static func dpi(in bytes: [UInt8]) -> Int? {
        for line in FileBytes.lines(bytes) where names(line) {
            let value = FileBytes.text(line).drop { $0 == " " || $0 == "\t" }.dropFirst(setting.count).drop { $0 == " " || $0 == "\t" }
            return Int(value.prefix { $0.isNumber })
        }
        return nil
    }

    /// `bytes` without their `Xft/DPI` lines: what a file that had none gets back when X11 is excluded.
    static func withoutDPI(in bytes: [UInt8]) -> [UInt8] {
        Array(FileBytes.lines(bytes).filter { !names($0) }.joined(separator: [FileBytes.lineFeed]))
    }

    /// Whether `line` sets `Xft/DPI`: its first word, after any leading white space.
    private static func names(_ line: ArraySlice<UInt8>) -> Bool {
        let words = FileBytes.text(line).drop { $0 == " " || $0 == "\t" }
        guard words.hasPrefix(setting) else { return false }
        let after = words.dropFirst(setting.count).first
        return after == " " || after == "\t"
    }

    /// The configuration at `path`, edited through a link and never over another writer's change.
    static func file(_ path: String) -> ReaderFile { ReaderFile(path: path) }

    /// Sets `value` (nil: no `Xft/DPI` line) in the file at `path` (created when missing).
    ///
    /// - Returns: whether the file changed; false when it already held the value, and nothing was written.
    static func update(_ value: Int?, at path: String) throws(X11Failure) -> Bool {
        do throws(ReaderFileError) {
            return try file(path).edit { bytes in
                guard let bytes else { return value.map { .write(withDPI($0, in: [])) } }
                return .write(value.map { withDPI($0, in: bytes) } ?? withoutDPI(in: bytes))
            } != .unchanged
        } catch {
            throw .configuration(error)
        }
    }
}
