/// A qt5ct/qt6ct configuration as QSettings writes it (an INI file), seen through its `[Fonts]`
/// group (docs/DESIGN.md §34 (The reader's own sizes), §35 (Editing a reader's file)): a font's
/// point size is replaced in place, every other byte of the QFont string and of the file kept; a
/// font the reader never set is added as the group's first entry (the group to the end of the
/// file, the file created, when absent: an `Addition`), and removed again byte for byte.
public struct QtFontsFile: Sendable, Hashable {
    /// What fontd added around the fonts it added, so that removing them gives the reader's bytes back.
    public enum Addition: Double, Sendable, Hashable {
        /// There was no file.
        case file = 0
        /// The file was empty.
        case groupToEmptyFile = 1
        /// The group went after the file's last line, which ended in a newline.
        case groupAfterNewline = 2
        /// The group went after a last line that had no newline (fontd ended it).
        case groupAfterLastLine = 3
        /// There was neither the file nor its folder: recorded by an earlier fontd, which made the
        /// folder itself (the folders fontd makes are now in `CreatedFolders`).
        case fileInNewFolder = 4
    }

    /// The file's bytes, as read or as edited.
    public private(set) var bytes: [UInt8]
    /// Whether there was a file.
    private let existed: Bool

    /// `bytes`, or no file (nil): then the empty file.
    public init(_ bytes: [UInt8]?) {
        self.bytes = bytes ?? []
        existed = bytes != nil
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
    /// `key=absentValue` with the size replaced, as the group's first entry; returns what was added
    /// around it when the group (or the file) was not there.
    @discardableResult
    public mutating func set(_ key: String, to points: Double, absentValue: String) -> Addition? {
        let file = parsed
        if let entry = file.entry(key, in: [QtConfigurationTool.fontsGroup]) {
            var edited = file
            edited.replacePointSize(of: entry, with: points)
            bytes = edited.bytes
            return nil
        }
        var added = KConfigFile(Array("\(key)=\(absentValue)".utf8))
        if let entry = added.entries.first { added.replacePointSize(of: entry, with: points) }
        let cr = carriageReturn
        var lines = FileBytes.lines(bytes)
        let line = (added.bytes + cr)[...]
        let header = (Array(Self.header.utf8) + cr)[...]
        if let at = headerIndex(in: lines) {
            lines.insert(line, at: at + 1)
            bytes = Self.joined(lines)
            return nil
        }
        let addition: Addition
        if bytes.isEmpty {
            addition = existed ? .groupToEmptyFile : .file
            lines = [header, line, []]
        } else if lines.last?.isEmpty == true {
            addition = .groupAfterNewline
            lines[lines.count - 1] = cr[...]
            lines += [header, line, []]
        } else {
            addition = .groupAfterLastLine
            lines[lines.count - 1] += cr
            lines += [cr[...], header, line, []]
        }
        bytes = Self.joined(lines)
        return addition
    }

    /// Removes `key`'s line from the `[Fonts]` group (a line fontd added).
    public mutating func remove(_ key: String) {
        var lines = FileBytes.lines(bytes)
        guard let header = headerIndex(in: lines) else { return }
        let group = lines[(header + 1)...].prefix { !FileBytes.text($0).hasPrefix("[") }
        guard let line = group.indices.last(where: { Self.key(of: lines[$0]) == key }) else { return }
        lines.remove(at: line)
        bytes = Self.joined(lines)
    }

    /// Removes what `addition` added around fontd's fonts, once they are removed: only when the
    /// group is empty and still ends the file (else it is the reader's now, and stays).
    public mutating func remove(_ addition: Addition) {
        var lines = FileBytes.lines(bytes)
        guard lines.count >= 2, lines.last?.isEmpty == true, FileBytes.text(lines[lines.count - 2]) == Self.header else { return }
        lines.removeLast(2)
        switch addition {
        case .file, .fileInNewFolder, .groupToEmptyFile:
            guard lines.isEmpty else { return }
        case .groupAfterNewline:
            guard let last = lines.last, FileBytes.text(last).isEmpty else { return }
            lines[lines.count - 1] = []
        case .groupAfterLastLine:
            guard lines.count >= 2, FileBytes.text(lines[lines.count - 1]).isEmpty else { return }
            lines.removeLast()
            let cr = carriageReturn
            if !cr.isEmpty, lines[lines.count - 1].last == FileBytes.carriageReturn { lines[lines.count - 1].removeLast() }
        }
        bytes = Self.joined(lines)
    }

    /// The CR that ends each line before its LF in this file (the empty array when it uses LF alone).
    private var carriageReturn: [UInt8] { FileBytes.newline(of: bytes).dropLast() }

    /// The index of the last `[Fonts]` header line.
    private func headerIndex(in lines: [ArraySlice<UInt8>]) -> Int? {
        lines.lastIndex { FileBytes.text($0).trimmingSpaces == Self.header }
    }

    private static func joined(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        Array(lines.joined(separator: [FileBytes.lineFeed]))
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
