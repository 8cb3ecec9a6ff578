import Glibc

/// Alacritty (docs/DESIGN.md §31 (Terminals and editors)): `[font] size` in `fontd.toml` (0.13
/// and later) or `font.size` in `fontd.yml` (0.12 and earlier, as Debian 12's 0.11), which the
/// reader's file imports. Running instances reload by themselves (`live_config_reload`, on by
/// default, watches imported files too). Alacritty loads imports before the importing file, so a
/// `font.size` of the reader's own would win over fontd's: fontd then edits that value in place
/// (`AlacrittyFontSize`, every other byte kept, the file's bytes before recorded beside it in
/// `fontd-alacritty-before`), and it is the base (docs/DESIGN.md §34 (The reader's own sizes)).
public struct Alacritty: TerminalProgram {
    public static let name = "alacritty"
    /// alacritty(5): `font.size`, in points; 11.0 by default (0.11 to 0.13).
    static let fontSize = TerminalSize("font.size", programDefault: 11)
    public static let sizes = [fontSize]

    /// The configuration language, which the version decides.
    public enum Format: Sendable, Hashable {
        /// 0.13 and later: `alacritty.toml`, top-level `import = [...]`.
        case toml
        /// 0.12 and earlier: `alacritty.yml`, top-level `import:` list.
        case yaml
    }

    let folder: ConfigurationFolder
    let environment: [String: String]
    /// The format of this reader's Alacritty.
    public let format: Format

    public init(environment: [String: String]) throws(TerminalTargetError) {
        try self.init(environment: environment, format: nil)
    }

    /// - Parameter format: nil to decide it: from `alacritty --version` when it is on PATH, else
    ///   by which of the reader's files exists (TOML when neither).
    public init(environment: [String: String], format: Format?) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("alacritty", environment: environment)
        if let format {
            self.format = format
        } else if ConfigurationFolder.isOnPath("alacritty", environment: environment), let version = Self.installedVersion() {
            self.format = version.lexicographicallyPrecedes([0, 13]) ? .yaml : .toml
        } else {
            let yamlOnly = access(folder.file("alacritty.yml"), F_OK) == 0 && access(folder.file("alacritty.toml"), F_OK) != 0
            self.format = yamlOnly ? .yaml : .toml
        }
    }

    /// fontd's file.
    public var fontdFile: String { folder.file(format == .toml ? "fontd.toml" : "fontd.yml") }
    /// The reader's file, which imports fontd's.
    public var readerFile: String { folder.file(format == .toml ? "alacritty.toml" : "alacritty.yml") }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("alacritty", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    private var recorded: RecordedEdit {
        RecordedEdit(
            folder: folder, readerFile: readerFile, recordFile: folder.file("fontd-alacritty-before"),
            heading: SettingsRecord.heading(of: "Alacritty's " + (format == .toml ? "alacritty.toml" : "alacritty.yml")))
    }

    /// At the start: TOML's top-level keys come before any table. Imports load before the file
    /// that names them, so a `font.size` of the reader's own still wins: fontd edits that in place.
    private var include: IncludeBlock {
        let comment = "# The reader's text size, from fontd (fontd desktop exclude alacritty removes these lines)"
        let line = format == .toml ? "import = [\"\(fontdFile)\"]" : "import:\n  - \(fontdFile)"
        return IncludeBlock(comment: comment, line: line, place: .start)
    }

    /// The reader's own `font.size`, in place: fontd writes it there when it is there.
    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        guard let reader = try ConfigurationFolder.read(readerFile), let range = AlacrittyFontSize.range(in: reader, format: format) else {
            return [:]
        }
        return [Self.fontSize.name: TerminalSize.Found(value: AlacrittyFontSize.number(in: reader, at: range), inPlace: true)]
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let size = sizes[Self.fontSize]
        let text = format == .toml ? "[font]\nsize = \(size.decimal)\n" : "font:\n  size: \(size.decimal)\n"
        if let reader = try ConfigurationFolder.read(readerFile), !include.contains(reader),
            let line = Self.importLine(in: reader, format: format)
        {
            throw .file(
                .malformed(
                    file: readerFile, reason: "it has an import list of its own; add \(fontdFile) to it (fontd adds no second)", line: line,
                    column: 1))
        }
        let edited = try recorded.edit { bytes in
            guard let bytes, let range = AlacrittyFontSize.range(in: bytes, format: format) else { return nil }
            var after = bytes
            after.replaceSubrange(range, with: Array(size.decimal.utf8))
            return after
        }
        let wrote = try folder.write("# Written by fontd: the reader's text size.\n" + text, to: fontdFile)
        let included = try include.include(in: readerFile, of: folder)
        guard edited || wrote || included else { return .unchanged }
        return .applied("font.size \(size.decimal); running Alacritty reloads it (live_config_reload)")
    }

    public func exclude() throws(TerminalTargetError) {
        try include.exclude(from: readerFile, of: folder)
        // The reader's own value back where it stood, when the file changed otherwise since.
        try recorded.restore { now, before in
            guard let was = AlacrittyFontSize.range(in: before, format: format),
                let range = AlacrittyFontSize.range(in: now, format: format)
            else { return nil }
            var after = now
            after.replaceSubrange(range, with: before[was])
            return after
        }
        try folder.remove(fontdFile)
    }

    /// The line (from 1) of a top-level `import` key of the reader's own, if any.
    static func importLine(in bytes: [UInt8], format: Format) -> Int? {
        for (index, raw) in FileBytes.lines(bytes).enumerated() {
            let line = Substring(FileBytes.text(raw))
            if format == .toml, line.hasPrefix("["), !line.hasPrefix("[general]") { return nil }
            let key = line.prefix { $0 != "=" && $0 != ":" }.trimmingSuffixSpaces
            if key == "import" || (format == .toml && key == "general.import") { return index + 1 }
        }
        return nil
    }

    /// `alacritty --version`'s numbers (`alacritty 0.11.0` → [0, 11, 0]).
    static func installedVersion() -> [Int]? {
        guard let pipe = popen("alacritty --version 2>/dev/null", "r") else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let line = fgets(&buffer, Int32(buffer.count), pipe).map { _ in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        pclose(pipe)
        guard let word = line?.split(separator: " ").dropFirst().first else { return nil }
        let numbers = word.split(separator: ".").map { Int($0.prefix { $0.isNumber }) }
        return numbers.contains(nil) || numbers.isEmpty ? nil : numbers.compactMap { $0 }
    }
}

extension Substring {
    fileprivate var trimmingSuffixSpaces: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
