/// VS Code (docs/DESIGN.md §31 (Terminals and editors)): `editor.fontSize` and
/// `terminal.integrated.fontSize` in the reader's `settings.json`, which VS Code watches, edited in
/// place (`SettingsEdit`): it has no include. What the file was before fontd's first edit is kept
/// in fontd's own file beside it (`SettingsRecord`), from which `exclude` restores it.
///
/// VS Code and other writers rewrite `settings.json` in place (truncate, then write): a read that
/// finds it empty, all white space or not JSONC may be such a writer's half-way state, so it is
/// looked at again and never taken for "no settings"; only a file that does not exist is
/// (docs/DESIGN.md §35 (Editing a reader's file)).
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
        let values = Self.keys.map { (key: $0, value: size.shortest) }
        let outcome = try ConfigurationFolder.edit(
            readerFile, emptyIsTheReaders: false,
            { before throws(ReaderFileError) in
                let after = try edit(before ?? Array("{\n}\n".utf8), values: values)
                return after == before ? nil : .write(after)
            },
            beforeReplacing: { before, change throws(ReaderFileError) in
                // Recorded first: a crash after the rename still leaves the reader's original.
                guard case .write(let after) = change else { return }
                var record = try SettingsRecord.read(fontdFile) ?? SettingsRecord(before: before, written: after)
                record.written = after
                try ReaderFile(path: fontdFile).edit { _ in .write(record.bytes) }
            })
        guard outcome != .unchanged else { return .unchanged }
        return .applied("\(Self.keys.joined(separator: " and ")) \(size.shortest); VS Code reads settings.json when it changes")
    }

    /// Restores the settings: as they were, byte for byte, when nothing else changed them since
    /// fontd's last edit; else only the two values go back (the keys fontd added keep fontd's).
    public func exclude() throws(TerminalTargetError) {
        let record: SettingsRecord?
        do throws(ReaderFileError) { record = try SettingsRecord.read(fontdFile) } catch { throw .file(error) }
        guard let record else { return }
        try ConfigurationFolder.edit(readerFile, emptyIsTheReaders: false) { now throws(ReaderFileError) in
            if now == record.written { return record.before.map { .write($0) } ?? .remove }
            guard let now, let before = record.before, let original = try? JSONCDocument(before) else { return nil }
            let values = Self.keys.compactMap { key in
                original.members.last { $0.key == key }.map {
                    (key: key, value: String(decoding: original.bytes[$0.valueRange], as: UTF8.self))
                }
            }
            return .write(try edit(now, values: values))
        }
        try ConfigurationFolder.remove(fontdFile)
    }

    private func edit(_ bytes: [UInt8], values: [(key: String, value: String)]) throws(ReaderFileError) -> [UInt8] {
        do {
            return try SettingsEdit.setting(values, in: bytes)
        } catch {
            throw .malformed(file: readerFile, reason: error.reason, line: error.line, column: error.column)
        }
    }
}
