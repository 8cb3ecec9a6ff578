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
    /// The two settings fontd sets, in CSS pixels, each its own base: VS Code's defaults on Linux
    /// are 14 for both (`terminal.integrated.fontSize` defaults to the editor's default).
    public static let sizes = [
        TerminalSize("editor.fontSize", programDefault: 14), TerminalSize("terminal.integrated.fontSize", programDefault: 14),
    ]
    /// The two settings' names.
    public static var keys: [String] { sizes.map(\.name) }
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

    private var recorded: RecordedEdit {
        RecordedEdit(
            folder: folder, readerFile: readerFile, recordFile: fontdFile, heading: SettingsRecord.heading(of: "VS Code's settings.json"),
            emptyIsTheReaders: false)
    }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("code", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    /// Each setting's value in `settings.json` (the last of a duplicated key, as JSON reads it):
    /// in place, so possibly fontd's own write.
    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        let read: [UInt8]?
        do throws(ReaderFileError) { read = try ReaderFile(path: readerFile, emptyIsTheReaders: false).read() } catch { throw .file(error) }
        guard let read else { return [:] }
        let document: JSONCDocument
        do { document = try JSONCDocument(read) } catch {
            throw .file(.malformed(file: readerFile, reason: error.reason, line: error.line, column: error.column))
        }
        var found: [String: TerminalSize.Found] = [:]
        for key in Self.keys {
            let value = document.members.last { $0.key == key }.flatMap {
                Double(String(decoding: document.bytes[$0.valueRange], as: UTF8.self))
            }
            found[key] = TerminalSize.Found(value: value, inPlace: true)
        }
        return found
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let values = Self.sizes.map { (key: $0.name, value: sizes[$0].shortest) }
        let wrote = try recorded.edit { before throws(ReaderFileError) in try edit(before ?? Array("{\n}\n".utf8), values: values) }
        guard wrote else { return .unchanged }
        let said = values.map { "\($0.key) \($0.value)" }.joined(separator: " and ")
        return .applied("\(said); VS Code reads settings.json when it changes")
    }

    /// Restores the settings: as they were, byte for byte, when nothing else changed them since
    /// fontd's last edit; else only the two values go back (the keys fontd added keep fontd's).
    public func exclude() throws(TerminalTargetError) {
        try recorded.restore { now, before throws(ReaderFileError) in
            guard let original = try? JSONCDocument(before) else { return nil }
            let values = Self.keys.compactMap { key in
                original.members.last { $0.key == key }.map {
                    (key: key, value: String(decoding: original.bytes[$0.valueRange], as: UTF8.self))
                }
            }
            return try edit(now, values: values)
        }
    }

    private func edit(_ bytes: [UInt8], values: [(key: String, value: String)]) throws(ReaderFileError) -> [UInt8] {
        do {
            return try SettingsEdit.setting(values, in: bytes)
        } catch {
            throw .malformed(file: readerFile, reason: error.reason, line: error.line, column: error.column)
        }
    }
}
