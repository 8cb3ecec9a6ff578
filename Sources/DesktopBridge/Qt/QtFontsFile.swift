/// A qt5ct/qt6ct configuration as QSettings writes it (an INI file), seen through its `[Fonts]`
/// group (docs/DESIGN.md §34 (The reader's own sizes), §35 (Editing a reader's file)): a font's
/// point size is replaced in place, every other byte of the QFont string and of the file kept; a
/// font the reader never set is added to the group (the group to the end of the file, the file
/// created, when absent), and removed again exactly so.
public struct QtFontsFile: Sendable, Hashable {
    /// The file's bytes, as read or as edited.
    public private(set) var bytes: [UInt8]

    /// `bytes`, or no file (nil): then the empty file.
    public init(_ bytes: [UInt8]?) {
        self.bytes = bytes ?? []
    }

    /// The group header fontd writes and looks for.
    static let header = "[" + QtConfigurationTool.fontsGroup + "]"

    private var parsed: KConfigFile { KConfigFile(bytes) }

    /// The value of `key` in `[Fonts]` as written (quotes kept); nil when absent.
    public func value(of key: String) -> String? {
        parsed.entry(key, in: [QtConfigurationTool.fontsGroup])?.value
    }

    /// The point size of `key`: nil when the key is absent; `.failure` when it is there but holds
    /// no QFont size in points (a pixel size, QSettings' `@Variant` form, or no number).
    public func points(of key: String) -> Result<Double, QtFontsFileError>? {
        guard let value = value(of: key) else { return nil }
        guard let points = QFontSize.points(in: value) else { return .failure(.notPoints(key: key, value: value)) }
        return .success(points)
    }

    /// Sets `key`'s point size to `points`: in place when the key is there, else adds
    /// `key=absentValue` with the size replaced, as the group's first entry.
    public mutating func set(_ key: String, to points: Double, absentValue: String) {
        let file = parsed
        if let entry = file.entry(key, in: [QtConfigurationTool.fontsGroup]) {
            var edited = file
            edited.replacePointSize(of: entry, with: points)
            bytes = edited.bytes
            return
        }
        var added = KConfigFile(Array("\(key)=\(absentValue)".utf8))
        if let entry = added.entries.first { added.replacePointSize(of: entry, with: points) }
        var lines = FileBytes.lines(bytes)
        let newline = FileBytes.newline(of: bytes)
        if lines.last?.isEmpty == true { lines.removeLast() }
        if let header = lines.lastIndex(where: { FileBytes.text($0).trimmingSpaces == Self.header }) {
            lines.insert(added.bytes[...], at: header + 1)
        } else {
            // A group of fontd's own at the end, after a blank line when the file has lines.
            if !lines.isEmpty { lines.append([]) }
            lines += [Array(Self.header.utf8)[...], added.bytes[...]]
        }
        bytes = Array(lines.joined(separator: newline)) + newline
    }

    /// Removes `key`'s line (one fontd added); then the `[Fonts]` group when fontd's line was its
    /// only entry and it ends the file, with the blank line `set` put before it.
    public mutating func remove(_ key: String) {
        var lines = FileBytes.lines(bytes)
        let newline = FileBytes.newline(of: bytes)
        guard let line = lines.lastIndex(where: { Self.key(of: $0) == key }) else { return }
        lines.remove(at: line)
        let ended = lines.last?.isEmpty == true
        if ended { lines.removeLast() }
        if lines.last.map({ FileBytes.text($0).trimmingSpaces == Self.header }) == true {
            lines.removeLast()
            if lines.last?.isEmpty == true { lines.removeLast() }
        }
        bytes = lines.isEmpty ? [] : Array(lines.joined(separator: newline)) + (ended ? newline : [])
    }

    /// The key of a `key=value` line, spaces trimmed; nil for any other line.
    private static func key(of line: ArraySlice<UInt8>) -> String? {
        let text = FileBytes.text(line)
        guard let equals = text.firstIndex(of: "="), !text.hasPrefix("[") else { return nil }
        return text[..<equals].trimmingSpaces
    }
}

/// Why a qt5ct/qt6ct configuration's font cannot be scaled.
public enum QtFontsFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key holds no QFont size in points.
    case notPoints(key: String, value: String)

    public var description: String {
        switch self {
        case .notPoints(let key, let value): "[Fonts] \(key) holds no QFont size in points (\(value.prefix(60)))"
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
