/// WezTerm (docs/DESIGN.md §31 (Terminals and editors)): `font_size` in `fontd.lua`, a module the
/// reader's `wezterm.lua` requires (one README line; fontd does not edit Lua). WezTerm watches
/// every file its configuration required and reloads by itself.
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
            "-- Written by fontd: the reader's text size. wezterm.lua uses it as require('fontd').font_size.\n"
            + "return { font_size = \(size.decimal) }\n"
        guard try ConfigurationFolder.write(text, to: fontdFile) else { return .unchanged }
        return .applied("font_size \(size.decimal); WezTerm reloads it when wezterm.lua requires fontd")
    }

    public func exclude() throws(TerminalTargetError) {
        try ConfigurationFolder.remove(fontdFile)
    }
}
