/// VS Code (docs/DESIGN.md §31 (Terminals and editors)): `editor.fontSize` and
/// `terminal.integrated.fontSize` in the reader's `settings.json`, which VS Code watches, edited in
/// place (`SettingsEdit`): it has no include. What the file was before fontd's first edit is kept
/// in fontd's own file beside it (`SettingsRecord`), from which `exclude` restores it.
public struct VisualStudioCode: TerminalProgram {
    public static let name = "vscode"
    /// The two settings fontd sets, in CSS pixels (the same number as points).
    public static let keys = ["editor.fontSize", "terminal.integrated.fontSize"]
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("Code/User", environment: environment)
    }

    /// The reader's settings.
    public var readerFile: String { folder.file("settings.json") }
    /// fontd's record of the settings before its first edit.
    public var fontdFile: String { folder.file("fontd-settings-before.json") }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("code", environment: environment) || folder.exists }

    public func apply(_ size: TerminalFontSize) throws(TerminalTargetError) -> TerminalOutcome {
        let before = try ConfigurationFolder.read(readerFile)
        // An empty file is what VS Code reads as no settings.
        let base = before.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? "{\n}\n"
        let after = try edit(base, values: Self.keys.map { ($0, size.shortest) })
        guard after != before else { return .unchanged }
        var record = try SettingsRecord.read(fontdFile) ?? SettingsRecord(before: before, written: after)
        record.written = after
        try ConfigurationFolder.write(record.text, to: fontdFile)
        try ConfigurationFolder.write(after, to: readerFile)
        return .applied("\(Self.keys.joined(separator: " and ")) \(size.shortest); VS Code reads settings.json when it changes")
    }

    /// Restores the settings: as they were, byte for byte, when nothing else changed them since
    /// fontd's last edit; else only the two values go back (the keys fontd added keep fontd's).
    public func exclude() throws(TerminalTargetError) {
        guard let record = try SettingsRecord.read(fontdFile) else { return }
        let now = try ConfigurationFolder.read(readerFile)
        if now == record.written {
            if let before = record.before {
                try ConfigurationFolder.write(before, to: readerFile)
            } else {
                try ConfigurationFolder.remove(readerFile)
            }
        } else if let now, let before = record.before,
            let original = try? JSONCDocument(before)
        {
            let values = Self.keys.compactMap { key in
                original.members.last { $0.key == key }.map { (key, String(decoding: original.bytes[$0.valueRange], as: UTF8.self)) }
            }
            try ConfigurationFolder.write(try edit(now, values: values), to: readerFile)
        }
        try ConfigurationFolder.remove(fontdFile)
    }

    private func edit(_ text: String, values: [(String, String)]) throws(TerminalTargetError) -> String {
        do {
            return try SettingsEdit.setting(values.map { (key: $0.0, value: $0.1) }, in: text)
        } catch {
            throw .malformed(file: readerFile, reason: error.reason, line: error.line, column: error.column)
        }
    }
}
