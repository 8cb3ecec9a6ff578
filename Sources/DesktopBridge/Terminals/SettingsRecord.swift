/// fontd's file beside a reader's file it edits in place (VS Code's settings, Alacritty's own
/// `font.size`): the file before fontd's first edit (none when there was no file) and as fontd
/// last wrote it, so that `exclude` can put back the reader's bytes exactly. Lengths in bytes head each part, and the parts are stored as the bytes they are
/// (docs/DESIGN.md §35 (Editing a reader's file)): any encoding round-trips.
struct SettingsRecord: Equatable {
    var before: [UInt8]?
    var written: [UInt8]
    /// The first line, naming the file (`fontd: VS Code's settings.json before fontd's first edit, …`).
    let heading: String

    /// The record's file: the heading, then `before N` (or `before none`) and `written N`, each followed by its N bytes.
    var bytes: [UInt8] {
        var bytes = Array((heading + "\n").utf8)
        if let before {
            bytes += Array("before \(before.count)\n".utf8) + before + [FileBytes.lineFeed]
        } else {
            bytes += Array("before none\n".utf8)
        }
        return bytes + Array("written \(written.count)\n".utf8) + written + [FileBytes.lineFeed]
    }

    init(before: [UInt8]?, written: [UInt8], heading: String) {
        self.before = before
        self.written = written
        self.heading = heading
    }

    /// The heading of the record of `what` (`VS Code's settings.json`).
    static func heading(of what: String) -> String { "fontd: \(what) before fontd's first edit, and as fontd last wrote it" }

    /// The record in `file`, which must start with `heading`; nil when there is none.
    static func read(_ file: String, heading: String) throws(ReaderFileError) -> SettingsRecord? {
        guard let stored = try ReaderFile(path: file).read() else { return nil }
        var bytes = stored[...]
        func line() -> String? {
            guard let end = bytes.firstIndex(of: FileBytes.lineFeed) else { return nil }
            defer { bytes = bytes[(end + 1)...] }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        func part(_ name: String) -> [UInt8]?? {
            guard let header = line(), header.hasPrefix(name + " ") else { return nil }
            let count = header.dropFirst(name.count + 1)
            if count == "none" { return .some(nil) }
            guard let length = Int(count), length >= 0, bytes.count > length else { return nil }
            defer { bytes = bytes[(bytes.startIndex + length + 1)...] }
            return .some(Array(bytes.prefix(length)))
        }
        guard line() == heading, let before = part("before"), let writtenPart = part("written"), let written = writtenPart else {
            throw .malformed(file: file, reason: "not a record fontd wrote", line: 1, column: 1)
        }
        return SettingsRecord(before: before, written: written, heading: heading)
    }
}
