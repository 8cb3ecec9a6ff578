/// WezTerm (docs/DESIGN.md §31 (Terminals and editors)): `font_size` in `fontd.lua`, a module the
/// reader's `wezterm.lua` requires (one README line; fontd does not edit Lua). WezTerm watches
/// every file its configuration required and reloads by itself.
public struct WezTerm: TerminalProgram {
    public static let name = "wezterm"
    let folder: ConfigurationFolder
    let environment: [String: String]

    public init(environment: [String: String]) throws(TerminalTargetError) {
        self.environment = environment
        folder = try ConfigurationFolder("wezterm", environment: environment)
    }

    /// fontd's file.
    public var fontdFile: String { folder.file("fontd.lua") }

    public var isPresent: Bool { ConfigurationFolder.isOnPath("wezterm", environment: environment) || folder.exists }

    public func apply(_ size: TerminalFontSize) throws(TerminalTargetError) -> TerminalOutcome {
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
