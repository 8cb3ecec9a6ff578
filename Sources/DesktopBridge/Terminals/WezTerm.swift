/// WezTerm (docs/DESIGN.md §31 (Terminals and editors)): `font_size` and `scale` in `fontd.lua`,
/// a module the reader's `wezterm.lua` requires (one README line; fontd does not edit Lua). WezTerm
/// watches every file its configuration required and reloads by itself. The base is the number of
/// `config.font_size = N` in `wezterm.lua` (`13 * require('fontd').scale` keeps it there), else
/// WezTerm's 12 (docs/DESIGN.md §34 (The reader's own sizes)).
public struct WezTerm: TerminalProgram {
    public static let name = "wezterm"
    /// WezTerm's `font_size`, in points.
    static let fontSize = TerminalSize("font_size", programDefault: 12)
    public static let sizes = [fontSize]
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("wezterm", environment: environment)
    }

    /// fontd's file.
    public var fontdFile: String { folder.file("fontd.lua") }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("wezterm", environment: environment) || folder.exists }
    public var isConfigured: Bool { folder.exists }

    /// The reader's file, whose own `font_size = N` (a literal number) is the base; fontd does not edit it.
    public var readerFile: String { folder.file("wezterm.lua") }

    public func found() throws(TerminalTargetError) -> [String: TerminalSize.Found] {
        let lines = try ConfigurationFolder.read(readerFile).map { FileBytes.lines($0).map { FileBytes.text($0) } } ?? []
        return [
            Self.fontSize.name: TerminalSize.Found(
                value: ConfigurationLine.lastNumber(of: "font_size", in: lines, prefix: "config.", equals: true))
        ]
    }

    public func apply(_ sizes: TerminalSizes) throws(TerminalTargetError) -> TerminalOutcome {
        let size = sizes[Self.fontSize]
        let text =
            "-- Written by fontd: the reader's text size. wezterm.lua uses it as\n"
            + "-- `config.font_size = 13 * require('fontd').scale` (your own size × the category's ratio),\n"
            + "-- or require('fontd').font_size (wezterm.lua's own `config.font_size = N` × the ratio).\n"
            + "return { font_size = \(size.decimal), scale = \(Self.scale(sizes.ratio)) }\n"
        guard try folder.write(text, to: fontdFile) else { return .unchanged }
        return .applied("font_size \(size.decimal); WezTerm reloads it when wezterm.lua requires fontd")
    }

    /// The ratio to four decimals, as Lua reads it (`1.6471`).
    static func scale(_ ratio: Double) -> String {
        let text = String((ratio * 10_000).rounded() / 10_000)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    public func exclude() throws(TerminalTargetError) {
        try folder.remove(fontdFile)
    }
}
