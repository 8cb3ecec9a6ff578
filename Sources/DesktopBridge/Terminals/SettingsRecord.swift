/// fontd's file beside VS Code's settings: the settings before fontd's first edit (none when
/// there was no file) and as fontd last wrote them, so that `exclude` can put back the reader's
/// bytes exactly. Lengths in bytes head each part, so any text round-trips.
struct SettingsRecord: Equatable {
    var before: String?
    var written: String

    private static let heading = "fontd: VS Code's settings.json before fontd's first edit, and as fontd last wrote it"

    /// The record's file text: the heading, then `before N` (or `before none`) and `written N`, each followed by its N bytes.
    var text: String {
        var text = Self.heading + "\n"
        if let before { text += "before \(before.utf8.count)\n" + before + "\n" } else { text += "before none\n" }
        return text + "written \(written.utf8.count)\n" + written + "\n"
    }

    init(before: String?, written: String) {
        self.before = before
        self.written = written
    }

    /// The record in `file`; nil when there is none.
    static func read(_ file: String) throws(TerminalTargetError) -> SettingsRecord? {
        guard let text = try ConfigurationFolder.read(file) else { return nil }
        var bytes = Array(text.utf8)[...]
        func line() -> String? {
            guard let end = bytes.firstIndex(of: 0x0A) else { return nil }
            defer { bytes = bytes[(end + 1)...] }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        func part(_ name: String) -> String?? {
            guard let header = line(), header.hasPrefix(name + " ") else { return nil }
            let count = header.dropFirst(name.count + 1)
            if count == "none" { return .some(nil) }
            guard let length = Int(count), length >= 0, bytes.count > length else { return nil }
            defer { bytes = bytes[(bytes.startIndex + length + 1)...] }
            return .some(String(decoding: bytes.prefix(length), as: UTF8.self))
        }
        guard line() == heading, let before = part("before"), let writtenPart = part("written"), let written = writtenPart else {
            throw .malformed(file: file, reason: "not a record fontd wrote", line: 1, column: 1)
        }
        return SettingsRecord(before: before, written: written)
    }
}
